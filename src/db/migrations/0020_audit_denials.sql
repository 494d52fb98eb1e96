CREATE TABLE "audit_denials" (
	"actor_type" "audit_actor_type" NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "audit_denials_actor_type_actor_id_action_pk" PRIMARY KEY("actor_type","actor_id","action")
);
