-- The words the search index holds, per column, read by the search for "Did you mean ...?".
-- fts5vocab is part of FTS5 itself (no extension): it reads product_search's own index, so it is
-- always in step with the catalogue without triggers of its own.
CREATE VIRTUAL TABLE `product_search_terms` USING fts5vocab(`product_search`, 'col');
