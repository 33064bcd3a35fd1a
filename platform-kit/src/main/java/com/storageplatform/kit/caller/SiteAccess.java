package com.storageplatform.kit.caller;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.util.UUID;

/**
 * Site restriction, the same in every service: a credential issued with {@code site_ids} sees only those
 * sites' records (lists add {@code ListQuery.withinSites}), and naming another site, or a customer, unit type or
 * agreement of another site, is 403 {@code site_forbidden}.
 */
public final class SiteAccess {

    private SiteAccess() {
    }

    public static boolean allows(Caller caller, UUID siteId) {
        return !caller.isSiteRestricted() || (siteId != null && caller.siteIds().contains(siteId));
    }

    /** Throws 403 {@code site_forbidden} unless the caller may act at {@code siteId}. */
    public static void require(Caller caller, UUID siteId) {
        if (!allows(caller, siteId)) {
            throw forbidden();
        }
    }

    /**
     * Throws 403 {@code site_forbidden} when the caller is restricted to some sites: {@code what} ("An import
     * writes", "A webhook endpoint receives") reaches every site of the account, so such a credential cannot widen
     * its own reach through it.
     */
    public static void requireWholeAccount(Caller caller, String what) {
        if (caller.isSiteRestricted()) {
            throw new ApiException(ErrorCode.SITE_FORBIDDEN, what + " for every site of the account: use a credential "
                    + "that is not restricted to some sites.");
        }
    }

    public static ApiException forbidden() {
        return new ApiException(ErrorCode.SITE_FORBIDDEN, "This credential is restricted to other sites.");
    }
}
