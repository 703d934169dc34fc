import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useRef } from 'react';
import './uploads.css';

export interface FilePickerButtonProps {
  /** The button's text (its accessible name). */
  children: ReactNode;
  accept: string;
  /** The chosen file (the input is emptied, so the same file can be chosen again). */
  onFile: (file: File) => void;
  /** Names the input for tests and tools that read it (`upload-input`, `docx-input`). */
  inputTestId: string;
  inputLabel?: string;
  /** The hint's id, read by screen readers after the button's name. */
  describedBy?: string;
  type?: ButtonProps['type'];
  disabled?: boolean;
}

/**
 * One control to choose a file: our button, in the screen's language. The browser's own "Choose File / No file
 * chosen" input stays in the page, visually hidden and out of the tab order, for the button (and for tests'
 * setInputFiles); antd's forms show `input[type=file]` as a block, which overrode the `hidden` attribute.
 */
export function FilePickerButton({
  children,
  accept,
  onFile,
  inputTestId,
  inputLabel,
  describedBy,
  type = 'primary',
  disabled,
}: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="file-picker">
      <input
        ref={input}
        type="file"
        accept={accept}
        className="file-picker__input"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={inputLabel}
        data-testid={inputTestId}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        type={type}
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </span>
  );
}
