import { Input, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import classes from './SearchField.module.css';

export interface SearchFieldProps
  extends Omit<
    TextInputProps,
    'value' | 'onChange' | 'label' | 'aria-label' | 'type' | 'leftSection' | 'rightSection' | 'classNames'
  > {
  value: string;
  /** Called with the new text on each keystroke, and with '' on a clear; debouncing is the page's. */
  onChange: (value: string) => void;
  /** The field's accessible name, shown above it unless `hideLabel`. */
  label: string;
  /** Names the field for assistive technology only, where the page around it already says what it searches. */
  hideLabel?: boolean;
}

/**
 * The search box of list pages: a search input with the icon, a clear button while it holds text,
 * and Escape to clear. Stays `type="search"`, so it is a `searchbox` to tests and screen readers.
 */
export function SearchField({
  value,
  onChange,
  label,
  hideLabel = false,
  onKeyDown,
  ...rest
}: SearchFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    onChange('');
    // The clear button disappears with the text; focus goes back to where typing resumes.
    input.current?.focus();
  };

  return (
    <TextInput
      {...rest}
      ref={input}
      type="search"
      {...(hideLabel ? { 'aria-label': label } : { label })}
      classNames={{ input: classes.input }}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={value ? <Input.ClearButton aria-label="Clear search" onClick={clear} /> : null}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // An empty field lets Escape through, so it can still close a dialog around it.
        if (event.key === 'Escape' && value) {
          event.preventDefault();
          event.stopPropagation();
          onChange('');
        }
      }}
    />
  );
}
