import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { focusInView } from '../../hooks/focusInView';
import { FormAlert } from './fields';

interface FormProps {
  /** The part of a FormModel the form reads. */
  model: { failedAttempts: number; formError: string | null };
  onSubmit(): void;
  label: string;
  children: ReactNode;
}

/**
 * A form that validates itself (noValidate: core's Dutch messages replace the browser's) and, after
 * a refused submit, moves the focus to the first field in error, or to the form's message.
 */
export const Form = observer(function Form({ model, onSubmit, label, children }: FormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const attempts = model.failedAttempts;

  useEffect(() => {
    if (attempts === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[role="alert"]');
    if (target) {
      if (!target.hasAttribute('tabindex') && target.getAttribute('role') === 'alert') {
        target.setAttribute('tabindex', '-1');
      }
      focusInView(target);
    }
  }, [attempts]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form ref={formRef} className="form" noValidate aria-label={label} onSubmit={handleSubmit}>
      <FormAlert message={model.formError} />
      {children}
    </form>
  );
});
