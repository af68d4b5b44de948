import { Input, PinInput } from '@mantine/core';
import { AUTH_LIMITS } from '@nexus/contracts';
import { useId } from 'react';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Called with the code once every digit is in (typed or pasted), to submit it without a click. */
  onComplete?: (code: string) => void;
}

/**
 * The six-digit code (identity issue part 3): one box per digit, digits only, the browser's
 * one-time-code autofill, and a paste of the whole code fills every box.
 */
export function CodeField({ value, onChange, error, onComplete }: CodeFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      label="Six-digit code"
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <PinInput
        length={AUTH_LIMITS.otpLength}
        type="number"
        oneTimeCode
        size="md"
        gap={6}
        mt={4}
        placeholder=""
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        aria-labelledby={labelId}
        getInputProps={(index) => ({
          'aria-label': `Digit ${index + 1} of ${AUTH_LIMITS.otpLength}`,
          'aria-describedby': error ? errorId : undefined,
        })}
      />
    </Input.Wrapper>
  );
}
