import { Input, PinInput } from '@mantine/core';
import { AUTH_LIMITS } from '@nexus/contracts';
import { useId } from 'react';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * The six-digit code (identity issue part 3): one box per digit, digits only, the browser's
 * one-time-code autofill, and a paste of the whole code fills every box.
 */
export function CodeField({ value, onChange, error }: CodeFieldProps) {
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
