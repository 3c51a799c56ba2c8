/** The form controls every window uses: a labelled input with its error, and a checkbox. */
export function TextField(props: {
  id: string;
  label: string;
  type: 'email' | 'password' | 'url' | 'time';
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
  error?: string | undefined;
}) {
  const errorId = `${props.id}-error`;
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(event) => props.onChange(event.target.value)}
        {...(props.error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      />
      {props.error && (
        <p id={errorId} className="error">
          {props.error}
        </p>
      )}
    </>
  );
}

export function Checkbox(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="checkbox">
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}
