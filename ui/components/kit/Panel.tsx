import type { HTMLAttributes, ReactNode } from 'react';

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading shown in the panel's header (an h2 unless `headingLevel` says otherwise). */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  /** Controls at the right of the header (collapse, close...). */
  actions?: ReactNode;
  children?: ReactNode;
  /** Render as an <aside> (side panels) or a <section> (default). */
  as?: 'section' | 'aside';
}

/** A framed panel with an optional header: side panels, cards, page sections. */
export function Panel({
  title,
  headingLevel = 2,
  actions,
  children,
  className,
  as = 'section',
  ...rest
}: PanelProps) {
  const Tag = as;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Tag
      className={className === undefined ? 'kit-panel' : `kit-panel ${className}`}
      data-occludes=""
      {...rest}
    >
      {title !== undefined || actions !== undefined ? (
        <div className="kit-panel__header">
          {title !== undefined ? <Heading className="kit-panel__title">{title}</Heading> : <span />}
          {actions}
        </div>
      ) : null}
      <div className="kit-panel__body">{children}</div>
    </Tag>
  );
}
