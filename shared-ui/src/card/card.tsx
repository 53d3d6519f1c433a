import type { HTMLAttributes, ReactNode } from 'react';
import '../styles/display.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title, so a card fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
  actions?: ReactNode;
  as?: 'div' | 'section' | 'article';
  children?: ReactNode;
}

export function Card({
  title,
  headingLevel = 3,
  actions,
  as: Element = 'div',
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Element {...rest} className={className ? `vui-card ${className}` : 'vui-card'}>
      {title || actions ? (
        <div className="vui-card__header">
          {title ? <Heading className="vui-card__title">{title}</Heading> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </Element>
  );
}
