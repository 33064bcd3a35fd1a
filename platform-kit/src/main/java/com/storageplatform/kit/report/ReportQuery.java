package com.storageplatform.kit.report;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Set;
import java.util.UUID;

/**
 * What a report was asked for, validated ({@link Reports}): the days {@code from} to {@code to} (both included, in
 * the operator's time zone), the group the rows stand for, and the sites it may read.
 *
 * @param sites    the sites the report reads: the one {@code site_id} named, else a site-restricted credential's
 *                 sites; null when it reads every site of the account
 * @param today    today in the operator's time zone, for figures "as of" a day that has not ended
 * @param currency the operator's currency, for figures that count only money in it
 */
public record ReportQuery(LocalDate from, LocalDate to, UUID siteId, String groupBy, Set<UUID> sites,
        ZoneId timezone, String currency, LocalDate today) {

    /** Whether the report reads {@code siteId}'s records. */
    public boolean covers(UUID siteId) {
        return sites == null || sites.contains(siteId);
    }

    /** The last day whose figures are known: {@code to}, or today when {@code to} lies ahead. */
    public LocalDate asOf() {
        return to.isAfter(today) ? today : to;
    }
}
