package com.storageplatform.crm.internal;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.paging.ListQuery;
import java.util.UUID;

/**
 * Site restriction for crm records that may have no site (a task without a deal, a note on a contact): a record
 * without a site is the operator's and every credential of the account sees it; one with a site is seen only by a
 * credential that may act there (the kit's {@link SiteAccess}).
 */
public final class SiteScope {

    private SiteScope() {
    }

    /** 403 {@code site_forbidden} when the record has a site outside the caller's sites. */
    public static void require(Caller caller, UUID siteId) {
        if (siteId != null) {
            SiteAccess.require(caller, siteId);
        }
    }

    /** For a site-restricted caller, only rows whose {@code site_id} is null or one of its sites. */
    public static ListQuery within(ListQuery query, Caller caller) {
        if (caller.isSiteRestricted()) {
            query.where("(site_id IS NULL OR site_id = ANY(:caller_sites))", "caller_sites",
                    caller.siteIds().toArray(UUID[]::new));
        }
        return query;
    }
}
