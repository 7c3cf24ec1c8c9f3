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
