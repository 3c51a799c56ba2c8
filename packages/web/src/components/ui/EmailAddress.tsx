import { Fragment } from 'react';

/**
 * An e-mail address that may wrap only where a reader expects it: before "@" and ".", after "_"
 * (and after "-", where browsers wrap anyway) — never in the middle of a name.
 */
export function emailParts(email: string): string[] {
  return email.split(/(?=[@.])|(?<=_)/).filter(Boolean);
}

export function EmailAddress({ email }: { email: string }) {
  return (
    <>
      {emailParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
