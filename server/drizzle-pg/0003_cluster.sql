CREATE TABLE "cluster_nodes" (
	"node_id" text PRIMARY KEY NOT NULL,
	"heartbeat_at" bigint NOT NULL,
	"started_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_heads" (
	"room_id" text PRIMARY KEY NOT NULL,
	"node_id" text,
	"epoch" integer NOT NULL,
	"last_seq" integer NOT NULL,
	"released_at" bigint
);
--> statement-breakpoint
-- Rooms live before ownership was recorded: unowned at their last sequence number, for the next start to claim.
INSERT INTO "room_heads" ("room_id", "node_id", "epoch", "last_seq")
SELECT "id", NULL, 0, "last_seq" FROM "debate_rooms"
WHERE "phase" NOT IN ('closed', 'wonByDefault', 'exitOverflow', 'abandoned');
