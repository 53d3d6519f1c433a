-- A plan's items in the order of their numbers, as a lender numbers an ESAP: 2.3, 2.3a, 2.10,
-- 10.2.1 (docs/decisions/0081-items-in-number-order.md). The one definition of that order: each
-- run of digits padded to twenty places (an item number has at most twenty characters), letters
-- lower-cased, compared byte by byte (COLLATE "C"). Kept on the gap as a stored column, so that a
-- 500-gap plan is not keyed again on every read.
CREATE FUNCTION esap_item_sort_key(item text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT string_agg(CASE WHEN m[1] ~ '^[0-9]' THEN lpad(m[1], 20, '0') ELSE m[1] END,
                    '' ORDER BY n)
  FROM regexp_matches(lower(item), '([0-9]+|[^0-9]+)', 'g') WITH ORDINALITY AS t(m, n)
$$;

ALTER TABLE gaps
  ADD COLUMN esap_item_order text COLLATE "C"
    GENERATED ALWAYS AS (esap_item_sort_key(esap_item_number)) STORED;
