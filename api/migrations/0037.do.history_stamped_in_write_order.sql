-- History in the order the writes happened: a status or change entry is stamped when it is written,
-- not when its transaction began. Every writer inserts its entries after taking the gap's or plan's
-- row lock, so an entry written after another (its writer waited for the lock) is stamped later;
-- with now(), a writer that began first and waited was stamped before the change it followed, and
-- the newest entry could disagree with the gap's status.
ALTER TABLE gap_status_history ALTER COLUMN changed_at SET DEFAULT clock_timestamp();
ALTER TABLE change_history ALTER COLUMN changed_at SET DEFAULT clock_timestamp();
