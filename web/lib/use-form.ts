import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isValid, type Errors } from './validation';

/**
 * Form state with validation: errors appear after the first submit attempt and then follow every
 * edit; a failed submit moves focus to the first invalid field.
 */
export function useForm<V extends object>(initial: V, validate: (values: V) => Errors<Extract<keyof V, string>>) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const errors: Errors<Extract<keyof V, string>> = submitted ? validate(values) : {};

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  /** A change handler for one field. */
  function field<K extends keyof V>(name: K) {
    return (value: V[K]) => setValues((v) => ({ ...v, [name]: value }));
  }

  /** The form's onSubmit: validates, then calls `onValid` with the values. */
  function handleSubmit(onValid: (values: V) => void) {
    return (e: FormEvent) => {
      e.preventDefault();
      setSubmitted(true);
      if (isValid(validate(values))) onValid(values);
      else setAttempt((n) => n + 1);
    };
  }

  return { values, errors, field, handleSubmit, formRef, setValues };
}
