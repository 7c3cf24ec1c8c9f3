CREATE TABLE "document_tallies_by_day" (
	"doc_type" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"status" varchar(24) NOT NULL,
	"payment_status" varchar(16) NOT NULL,
	"docs" bigint DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_tallies_by_day_pk" PRIMARY KEY("doc_type","day","status","payment_status")
);
--> statement-breakpoint
CREATE TABLE "document_tallies_by_party" (
	"doc_type" varchar(32) NOT NULL,
	"party_id" integer NOT NULL,
	"status" varchar(24) NOT NULL,
	"payment_status" varchar(16) NOT NULL,
	"docs" bigint DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_tallies_by_party_pk" PRIMARY KEY("doc_type","party_id","status","payment_status")
);
--> statement-breakpoint
-- Kept by the database from now on, whoever writes (the API, a seed, an import), in two steps.
-- 1. Statement triggers on each document table turn the rows a statement changed into changes
--    of this transaction: each row there now counts +1 and its amounts, each row that was there
--    -1 and minus them, summed per key (an update moves a document from its old key to its new
--    one; one that changes no key or amount, a note or the version, nets to nothing and stages
--    nothing). Staging is a plain INSERT of rows only this transaction sees: no lock on a tally.
-- 2. At commit, one deferred trigger per transaction adds what it staged to the tallies, in key
--    order (all party rows, then all day rows). So a transaction locks tally rows only as the
--    very last thing it does, in the one order every transaction uses, when it no longer waits
--    for anything else: a document write holding a product's lock can never wait for a tally
--    row that a transaction waiting for that product holds (which updating the tallies straight
--    from the statement trigger allowed, and the concurrency test caught). Its reads of the
--    tallies before commit do not see its own changes; nothing reads them there.
-- The statements run through EXECUTE, planned for the rows they have (one receipt, or a
-- million-row import).
CREATE TABLE document_tally_changes (
  txid bigint NOT NULL,
  doc_type varchar(32) NOT NULL,
  party_id integer NOT NULL,
  day date NOT NULL,
  status varchar(24) NOT NULL,
  payment_status varchar(16) NOT NULL,
  docs bigint NOT NULL,
  grand_total bigint NOT NULL,
  paid bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX document_tally_changes_txid_idx ON document_tally_changes (txid);--> statement-breakpoint
-- One row per transaction with staged changes: its deferred trigger fires once, at commit.
CREATE TABLE document_tally_commits (txid bigint PRIMARY KEY);--> statement-breakpoint
-- Arguments: the document kind, its party column and its day column; every document table names
-- its status, payment_status, grand_total and paid the same.
CREATE FUNCTION document_tallies_stage() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  staged bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM document_tallies_by_party WHERE doc_type = TG_ARGV[0];
    DELETE FROM document_tallies_by_day WHERE doc_type = TG_ARGV[0];
    RETURN NULL;
  END IF;
  changes := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN format(
      'SELECT coalesce(%I, 0) AS party, %I AS day, status, payment_status, 1 AS docs, grand_total, paid FROM new_docs', TG_ARGV[1], TG_ARGV[2]) END,
    CASE WHEN TG_OP <> 'INSERT' THEN format(
      'SELECT coalesce(%I, 0), %I, status, payment_status, -1, -grand_total, -paid FROM old_docs', TG_ARGV[1], TG_ARGV[2]) END);
  EXECUTE format(
    'INSERT INTO document_tally_changes (txid, doc_type, party_id, day, status, payment_status, docs, grand_total, paid)
     SELECT txid_current(), %L, party, day, status, payment_status, sum(docs), sum(grand_total), sum(paid) FROM (%s) c
     GROUP BY party, day, status, payment_status
     HAVING sum(docs) <> 0 OR sum(grand_total) <> 0 OR sum(paid) <> 0',
    TG_ARGV[0], changes);
  GET DIAGNOSTICS staged = ROW_COUNT;
  IF staged > 0 THEN
    INSERT INTO document_tally_commits (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION document_tallies_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE
    'INSERT INTO document_tallies_by_party AS t (doc_type, party_id, status, payment_status, docs, grand_total, paid)
     SELECT doc_type, party_id, status, payment_status, sum(docs), sum(grand_total), sum(paid)
     FROM document_tally_changes WHERE txid = $1
     GROUP BY doc_type, party_id, status, payment_status
     HAVING sum(docs) <> 0 OR sum(grand_total) <> 0 OR sum(paid) <> 0
     ORDER BY doc_type, party_id, status, payment_status
     ON CONFLICT (doc_type, party_id, status, payment_status) DO UPDATE
     SET docs = t.docs + excluded.docs, grand_total = t.grand_total + excluded.grand_total, paid = t.paid + excluded.paid'
    USING NEW.txid;
  EXECUTE
    'INSERT INTO document_tallies_by_day AS t (doc_type, day, status, payment_status, docs, grand_total, paid)
     SELECT doc_type, day, status, payment_status, sum(docs), sum(grand_total), sum(paid)
     FROM document_tally_changes WHERE txid = $1
     GROUP BY doc_type, day, status, payment_status
     HAVING sum(docs) <> 0 OR sum(grand_total) <> 0 OR sum(paid) <> 0
     ORDER BY doc_type, day, status, payment_status
     ON CONFLICT (doc_type, day, status, payment_status) DO UPDATE
     SET docs = t.docs + excluded.docs, grand_total = t.grand_total + excluded.grand_total, paid = t.paid + excluded.paid'
    USING NEW.txid;
  EXECUTE 'DELETE FROM document_tally_changes WHERE txid = $1' USING NEW.txid;
  EXECUTE 'DELETE FROM document_tally_commits WHERE txid = $1' USING NEW.txid;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER document_tallies_apply AFTER INSERT ON document_tally_commits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_tallies_apply();--> statement-breakpoint
-- A document kind joins the tallies by naming its table: what it holds now is added up (under a
-- lock that keeps writers out until the triggers are there), and its triggers keep it so.
-- Sales, returns, quotations, orders and invoices call it from their own migrations.
CREATE FUNCTION document_tallies_track(doc_table text, doc_type text, party_column text, day_column text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', doc_table);
  EXECUTE format(
    'INSERT INTO document_tallies_by_party (doc_type, party_id, status, payment_status, docs, grand_total, paid)
     SELECT %L, coalesce(%I, 0), status, payment_status, count(*), sum(grand_total), sum(paid) FROM %I GROUP BY 2, 3, 4',
    doc_type, party_column, doc_table);
  EXECUTE format(
    'INSERT INTO document_tallies_by_day (doc_type, day, status, payment_status, docs, grand_total, paid)
     SELECT %L, %I, status, payment_status, count(*), sum(grand_total), sum(paid) FROM %I GROUP BY 2, 3, 4',
    doc_type, day_column, doc_table);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_docs
     FOR EACH STATEMENT EXECUTE FUNCTION document_tallies_stage(%L, %L, %L)',
    doc_table || '_tallies_insert', doc_table, doc_type, party_column, day_column);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_docs NEW TABLE AS new_docs
     FOR EACH STATEMENT EXECUTE FUNCTION document_tallies_stage(%L, %L, %L)',
    doc_table || '_tallies_update', doc_table, doc_type, party_column, day_column);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_docs
     FOR EACH STATEMENT EXECUTE FUNCTION document_tallies_stage(%L, %L, %L)',
    doc_table || '_tallies_delete', doc_table, doc_type, party_column, day_column);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION document_tallies_stage(%L, %L, %L)',
    doc_table || '_tallies_truncate', doc_table, doc_type, party_column, day_column);
END;
$$;--> statement-breakpoint
SELECT document_tallies_track('purchases', 'purchase', 'supplier_id', 'purchased_on');
