-- The customer list's search (docs/owner-tools.md, "Customers"): a
-- case-insensitive substring of a member's name, email or phone. A trigram
-- index answers a rare search without reading every member of a large
-- business. The searched text is one immutable function of the row, so the
-- index and the query compute it the same way; its fields are joined by
-- U+001F, which no search can contain, so a match never spans two fields.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION "user_search_text"("firstName" text, "lastName" text, "name" text, "email" text, "phone" text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce($1, '') || ' ' || coalesce($2, '') || E'\x1f' || coalesce($3, '') || E'\x1f' || coalesce($4, '') || E'\x1f' || coalesce($5, '') $$;

CREATE INDEX "User_search_trgm_idx" ON "User"
  USING gin ("user_search_text"("firstName", "lastName", "name", "email", "phone") gin_trgm_ops);
