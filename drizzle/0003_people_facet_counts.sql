CREATE TABLE "people_facet_counts" (
	"nationality" text[] NOT NULL,
	"gender" text NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "people_facet_counts_nationality_gender_pk" PRIMARY KEY("nationality","gender")
);
