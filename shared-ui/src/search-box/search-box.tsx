import { useId } from 'react';
import '../styles/display.css';
import '../styles/form.css';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name; defaults to the placeholder. */
  label?: string;
  /** Shows the label above the box instead of only to screen readers. */
  labelVisible?: boolean;
  name?: string;
}

export function SearchBox({
  value,
  onChange,
  placeholder,
  label = placeholder,
  labelVisible = false,
  name,
}: SearchBoxProps) {
  const id = useId();
  return (
    <div className="vui-field">
      <label htmlFor={id} className={labelVisible ? 'vui-field__label' : 'vui-sr-only'}>
        {label}
      </label>
      <div className="vui-search-box">
        <svg
          className="vui-search-box__icon"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
        <input
          id={id}
          name={name}
          type="search"
          className="vui-input"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
