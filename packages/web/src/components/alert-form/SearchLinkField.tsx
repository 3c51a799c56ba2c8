import { observer } from 'mobx-react-lite';
import type { ClipboardEvent, FormEvent } from 'react';
import { IMPORT_URL_TEXTS } from '@prijsalarm/core';
import { TextField } from '../form/fields';
import type { SearchLinkImport } from './alertFields';

const texts = IMPORT_URL_TEXTS;

/**
 * 'Plak een zoeklink': a form of its own (so Enter here never sends the alert), filled on paste
 * or with its button; what the link could not carry over is listed in a polite live region.
 */
export const SearchLinkField = observer(function SearchLinkField({
  link,
}: {
  link: SearchLinkImport;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void link.apply();
  };
  // A pasted link fills the form at once: that is what pasting one here is for.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (pasted.trim() === '') return;
    event.preventDefault();
    void link.apply(pasted.trim());
  };
  return (
    <form className="form search-link" noValidate onSubmit={submit}>
      <div className="search-link__row">
        <TextField
          label={texts.label}
          name="searchLink"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://www.marktplaats.nl/q/…"
          hint={texts.hint}
          value={link.text}
          error={link.error ?? undefined}
          onValueChange={link.setText}
          onPaste={paste}
        />
        <button type="submit" className="button button--secondary" aria-disabled={link.busy}>
          {texts.submit}
        </button>
      </div>
      <div className="search-link__result" role="status">
        {link.error !== null && <p className="visually-hidden">{link.error}</p>}
        {link.filled && (
          <div className="notice notice--info">
            <p>{texts.filled}</p>
            {link.notes.length > 0 && (
              <>
                <p>{texts.notTakenOver}</p>
                <ul className="search-link__notes">
                  {link.notes.map((note) => (
                    <li key={`${note.part}|${note.message}`}>
                      {/* A form's own note already starts with the field it names. */}
                      {!note.message.startsWith(note.part) && (
                        <>
                          <code>{note.part}</code>:{' '}
                        </>
                      )}
                      {note.message}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
    </form>
  );
});
