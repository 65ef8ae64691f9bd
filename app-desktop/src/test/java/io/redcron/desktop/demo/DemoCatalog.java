package io.redcron.desktop.demo;

import java.time.Duration;
import java.util.List;

import static io.redcron.schedule.CronDialect.QUARTZ;
import static io.redcron.schedule.CronDialect.SPRING;
import static io.redcron.schedule.CronDialect.UNIX;

/**
 * The tasks of the demo installation: a shop's jobs in five routing groups (default, billing, data,
 * search, gpu), owned by several people, in the zones of the teams that run them, in all three
 * cron dialects, shell commands and HTTP calls, a few disabled.
 */
final class DemoCatalog {
    static final List<String> GROUPS = List.of("default", "billing", "data", "search", "gpu");

    private DemoCatalog() {
    }

    static List<DemoTask> tasks() {
        return List.of(
                DemoTask.of("billing.invoice-run", "billing", "alice", QUARTZ, "0 0 2 * * ?", "Europe/Berlin",
                        "bin/billing invoice-run --period yesterday", "Creates yesterday's invoices for every active contract",
                        Duration.ofSeconds(95), "contracts scanned: 18,402\ninvoices created: 1,284\nskipped (zero amount): 37\ndone in 94.8 s")
                        .retries(3),
                DemoTask.of("billing.dunning-emails", "billing", "alice", UNIX, "30 8 * * 1-5", "Europe/Berlin",
                        "POST https://billing.internal/api/dunning/send", "Reminds customers of overdue invoices",
                        Duration.ofSeconds(4), "HTTP 202 Accepted\n{\"queued\": 212}"),
                DemoTask.of("billing.fx-rates-refresh", "billing", "alice", SPRING, "0 */15 * * * *", "UTC",
                        "GET https://fx.internal/api/rates/refresh", "Pulls exchange rates from the ECB feed",
                        Duration.ofMillis(700), "HTTP 200 OK\n{\"rates\": 31, \"source\": \"ecb\"}"),
                DemoTask.of("payments.reconcile-stripe", "billing", "bob", UNIX, "10 * * * *", "UTC",
                        "bin/payments reconcile --provider stripe --since 2h", "Matches Stripe payouts with ledger entries",
                        Duration.ofSeconds(38), "payouts: 64\nmatched: 64\nunmatched: 0")
                        .failing(0.04, "stripe: 429 Too Many Requests (rate limited), giving up after 3 tries").retries(3),
                DemoTask.of("payments.payout-report", "billing", "bob", QUARTZ, "0 0 6 ? * MON", "Europe/Berlin",
                        "bin/payments payout-report --week last --mail finance@shop.example", "Weekly payout report for finance",
                        Duration.ofSeconds(51), "report: payouts-2026-w48.pdf (14 pages)\nmailed to finance@shop.example"),
                DemoTask.of("legacy.ftp-export", "billing", "bob", UNIX, "0 5 * * *", "Europe/Berlin",
                        "scripts/ftp-export.sh orders-$(date +%F).csv partner-ftp.example.net", "Orders export for the fulfilment partner",
                        Duration.ofSeconds(12), "uploaded orders.csv (2.1 MB)")
                        .failing(0.3, "ftp: 530 Login authentication failed").retries(3),
                DemoTask.of("nightly-backup-pg", "default", "bob", QUARTZ, "0 30 1 * * ?", "Europe/Berlin",
                        "pg_dump -Fc shop | gzip > /backup/shop-$(date +%F).dump.gz", "Full dump of the shop database",
                        Duration.ofMinutes(7), "dumped 1,204 tables (38.6 GB)\nuploaded to s3://backups-eu/pg/\ndone"),
                DemoTask.of("backup.mysql-binlog-ship", "default", "bob", UNIX, "*/10 * * * *", "UTC",
                        "bin/binlog-ship --to s3://backups-eu/binlog/", "Ships closed MySQL binlogs off the box",
                        Duration.ofSeconds(6), "shipped 2 binlog files (212 MB)"),
                DemoTask.of("backup.verify-restore", "default", "bob", SPRING, "0 0 4 * * SUN", "UTC",
                        "bin/verify-restore --latest --target restore-test-db", "Restores the latest dump into a scratch database",
                        Duration.ofMinutes(22), "restore ok, 1,204 tables, row counts match"),
                DemoTask.of("cache-warmup", "default", "carol", UNIX, "*/5 * * * *", "UTC",
                        "POST https://cache.internal/api/warm", "Warms the product page cache after deploys and evictions",
                        Duration.ofMillis(1800), "HTTP 200 OK\n{\"warmed\": 5000}"),
                DemoTask.of("cleanup.tmp-uploads", "default", "carol", UNIX, "0 */6 * * *", "UTC",
                        "find /srv/uploads/tmp -mmin +360 -delete -print | wc -l", "Removes abandoned uploads",
                        Duration.ofSeconds(3), "1843"),
                DemoTask.of("certs.renew-check", "default", "carol", SPRING, "0 0 7 * * *", "UTC",
                        "GET https://certs.internal/api/check?renew=true", "Renews TLS certificates that expire within 21 days",
                        Duration.ofSeconds(2), "HTTP 200 OK\n{\"checked\": 48, \"renewed\": 1}"),
                DemoTask.of("crm.sync-leads", "data", "li.na", QUARTZ, "0 0/20 * * * ?", "America/New_York",
                        "POST https://crm.internal/api/sync/leads", "Pulls new leads from the CRM into the data lake",
                        Duration.ofSeconds(14), "HTTP 200 OK\n{\"leads\": 318, \"updated\": 42}")
                        .failing(0.12, "HTTP 503 Service Unavailable from https://crm.internal/api/sync/leads").retries(4),
                DemoTask.of("crm.dedupe-contacts", "data", "li.na", UNIX, "45 3 * * *", "America/New_York",
                        "python -m crm.dedupe --threshold 0.92", "Merges duplicate contacts",
                        Duration.ofMinutes(3), "contacts: 1,902,331\nmerged: 1,207").retries(2),
                DemoTask.of("etl.orders-to-warehouse", "data", "wang.lei", UNIX, "5 * * * *", "UTC",
                        "dbt run --select orders+ --target prod", "Loads the last hour's orders into the warehouse",
                        Duration.ofSeconds(140), "Completed successfully\nDone. PASS=14 WARN=0 ERROR=0 SKIP=0 TOTAL=14")
                        .failing(0.03, "Database Error in model orders_daily: deadlock detected"),
                DemoTask.of("etl.clickstream-compact", "data", "wang.lei", SPRING, "0 0 */2 * * *", "UTC",
                        "spark-submit jobs/compact_clickstream.py --hours 2", "Compacts the clickstream's small files",
                        Duration.ofMinutes(4), "compacted 1,932 files into 24 (11.4 GB)"),
                DemoTask.of("etl.cn-sales-import", "data", "wang.lei", QUARTZ, "0 30 1 * * ?", "Asia/Shanghai",
                        "bin/import-sales --region cn --day yesterday", "导入中国区前一天的销售数据",
                        Duration.ofSeconds(75), "imported 48,210 orders (cn-east, cn-north)"),
                DemoTask.of("reports.weekly-sales", "data", "li.na", UNIX, "0 8 * * 1", "America/New_York",
                        "bin/reports weekly-sales --format pdf --mail sales-leads@shop.example", "Weekly sales report for the regional leads",
                        Duration.ofSeconds(42), "report: weekly-sales-2026-w48.pdf\nmailed to 14 recipients"),
                DemoTask.of("reports.daily-kpi", "data", "wang.lei", QUARTZ, "0 0 7 * * ?", "Asia/Shanghai",
                        "POST https://bi.internal/api/reports/daily-kpi/render", "每日 KPI 报表",
                        Duration.ofSeconds(9), "HTTP 202 Accepted\n{\"report\": \"daily-kpi\", \"pages\": 6}"),
                DemoTask.of("reports.apac-revenue", "data", "wang.lei", SPRING, "0 0 9 * * MON-FRI", "Asia/Tokyo",
                        "bin/reports revenue --region apac --day yesterday", "APAC revenue by country and channel",
                        Duration.ofSeconds(33), "report: apac-revenue.xlsx (9 sheets)"),
                DemoTask.of("search.reindex-products", "search", "wang.lei", QUARTZ, "0 0 * * * ?", "UTC",
                        "bin/search reindex --index products --batch 1000", "Rebuilds the products index from the catalogue",
                        Duration.ofMinutes(9), "indexed 120,418 products in 121 batches\nalias products -> products-v2 swapped")
                        .failing(0.05, "timed out after 54m"),
                DemoTask.of("search.sync-synonyms", "search", "wang.lei", UNIX, "*/30 * * * *", "Asia/Shanghai",
                        "bin/search sync-synonyms --source cms", "同步搜索同义词",
                        Duration.ofSeconds(5), "synonyms: 2,301 (12 changed)"),
                DemoTask.of("search.rebuild-suggest", "search", "li.na", SPRING, "0 30 3 * * *", "Asia/Tokyo",
                        "bin/search rebuild-suggest --locale ja,zh,en", "Rebuilds the autocomplete dictionaries",
                        Duration.ofMinutes(2), "suggestions: 1,204,912 (ja 412k, zh 388k, en 404k)"),
                DemoTask.of("search.snapshot-es", "search", "bob", UNIX, "0 2 * * *", "Europe/Berlin",
                        "curl -fsS -XPUT http://es.internal:9200/_snapshot/s3/nightly-$(date +%F)", "Nightly Elasticsearch snapshot",
                        Duration.ofSeconds(64), "{\"accepted\":true}"),
                DemoTask.of("sitemap.generate", "search", "carol", QUARTZ, "0 0 3 * * ?", "America/New_York",
                        "bin/sitemap generate --upload s3://static-eu/sitemaps/", "Regenerates the sitemaps",
                        Duration.ofSeconds(48), "sitemaps: 26 files, 1,240,332 URLs"),
                DemoTask.of("gpu.train-recsys", "gpu", "wang.lei", QUARTZ, "0 15 * * * ?", "UTC",
                        "python -m recsys.train --epochs 3 --data s3://lake/recsys/last-24h", "Retrains the recommender on the last day",
                        Duration.ofMinutes(18), "epoch 3/3 loss=0.2143 ndcg@10=0.3871\nmodel recsys-2026-12-03 registered"),
                DemoTask.of("gpu.embeddings-refresh", "gpu", "li.na", UNIX, "*/30 * * * *", "Asia/Shanghai",
                        "python -m embeddings.refresh --changed-since 30m", "更新商品向量",
                        Duration.ofMinutes(4), "embedded 3,812 products (768 dims)"),
                DemoTask.of("gpu.batch-inference", "gpu", "wang.lei", SPRING, "0 0 */4 * * *", "UTC",
                        "python -m recsys.infer --all-users", "Precomputes recommendations for every user",
                        Duration.ofMinutes(11), "users scored: 2,418,004"),
                DemoTask.of("monitoring.synthetic-checkout", "default", "alice", UNIX, "* * * * *", "UTC",
                        "GET https://shop.example/health/checkout?synthetic=1", "Walks through a checkout every minute",
                        Duration.ofMillis(900), "HTTP 200 OK")
                        .failing(0.005, "HTTP 502 Bad Gateway from https://shop.example/health/checkout"),
                DemoTask.of("monitoring.ssl-expiry", "default", "alice", SPRING, "0 0 */6 * * *", "UTC",
                        "bin/check-ssl --warn 21d shop.example api.shop.example", "Warns before certificates expire",
                        Duration.ofSeconds(2), "shop.example: 64 days left\napi.shop.example: 64 days left"),
                DemoTask.of("inventory.sync-suppliers", "data", "li.na", QUARTZ, "0 0/30 8-20 ? * MON-FRI", "Asia/Tokyo",
                        "bin/inventory sync-suppliers --all", "Pulls stock levels from the suppliers' feeds",
                        Duration.ofSeconds(27), "suppliers: 41\nitems updated: 8,204"),
                DemoTask.of("inventory.low-stock-alerts", "default", "li.na", UNIX, "0 9,15 * * *", "Asia/Shanghai",
                        "POST https://inventory.internal/api/alerts/low-stock", "库存不足提醒",
                        Duration.ofSeconds(3), "HTTP 200 OK\n{\"alerts\": 17}"),
                DemoTask.of("mail.digest-weekly", "default", "carol", QUARTZ, "0 0 9 ? * FRI", "Europe/Berlin",
                        "bin/mail digest --week current", "Weekly newsletter digest (paused while marketing rewrites it)",
                        Duration.ofMinutes(6), "digest sent to 182,331 subscribers").disabled(),
                DemoTask.of("logs.rotate-archive", "default", "bob", SPRING, "0 15 0 * * *", "UTC",
                        "bin/logs archive --older-than 7d --to s3://logs-archive-eu/", "Archives week-old application logs",
                        Duration.ofSeconds(80), "archived 412 files (96 GB)").disabled(),
                DemoTask.of("analytics.cohort-rebuild", "data", "wang.lei", UNIX, "0 4 * * 0", "UTC",
                        "spark-submit jobs/cohorts.py --full", "Full rebuild of the retention cohorts",
                        Duration.ofMinutes(35), "cohorts: 104 weeks x 12 segments").disabled(),
                DemoTask.of("security.rotate-api-keys", "default", "alice", SPRING, "0 0 0 1 * *", "UTC",
                        "bin/security rotate-keys --services payments,crm", "Rotates service API keys on the first of the month",
                        Duration.ofSeconds(20), "rotated 6 keys").disabled());
    }
}
