DROP INDEX "news_title_trgm_idx";--> statement-breakpoint
DROP INDEX "news_content_trgm_idx";--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "grams" text[];--> statement-breakpoint
CREATE INDEX "news_grams_idx" ON "news" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "news_grams_pending_idx" ON "news" USING btree ("id") WHERE "news"."grams" IS NULL;