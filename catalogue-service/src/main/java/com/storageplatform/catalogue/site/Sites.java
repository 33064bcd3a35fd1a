package com.storageplatform.catalogue.site;

import java.util.Collection;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What the other features of the catalogue may know of an account's sites. They read it here, never from the
 * {@code sites} table (ModuleBoundariesTest), so the table can change with only this feature knowing.
 */
@Component
public class Sites {

    private final SiteRepository sites;

    Sites(SiteRepository sites) {
        this.sites = sites;
    }

    /** The status of the account's site ({@code active}, {@code inactive}, {@code archived}), or empty. */
    public Mono<String> status(UUID accountId, UUID siteId) {
        return sites.status(accountId, siteId);
    }

    /** Of {@code ids}, those that are the account's sites. */
    public Flux<UUID> existing(UUID accountId, Collection<UUID> ids) {
        return ids.isEmpty() ? Flux.empty() : sites.existing(accountId, ids);
    }

    /** Each of the account's sites: its id, name and status. */
    public Flux<Named> all(UUID accountId) {
        return sites.named(accountId);
    }

    /** A site as a reference to it: its id, the name staff know it by and its status. */
    public record Named(UUID id, String name, String status) {
    }

    /**
     * SQL for a statement that must read in one go: the timezone of the site {@code siteIdColumn} names (as
     * {@code unit_types.site_id}). Built here so the table and its columns stay this feature's.
     */
    public static String timezoneOf(String siteIdColumn) {
        return "(SELECT s.timezone FROM sites s WHERE s.id = " + siteIdColumn + ")";
    }

    /**
     * SQL for a statement that must read in one go: the ids of the sites of the account {@code :account_id}
     * names, as a subquery with one column, {@code id} (so it stays an account's statement, AccountStatement).
     */
    public static String idsOfAccount() {
        return "(SELECT id FROM sites WHERE account_id = :account_id)";
    }
}
