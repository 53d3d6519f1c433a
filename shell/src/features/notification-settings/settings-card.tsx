import { useId, type ReactNode } from 'react';

/** One card of the settings page: a region named by its heading, with an optional introduction. */
export function SettingsCard({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="notification-settings__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="notification-settings__heading">
        {title}
      </h2>
      {intro ? <p className="notification-settings__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
