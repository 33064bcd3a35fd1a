package com.storageplatform.auth.operator;

import java.util.List;

/**
 * The operator switches the spec names, as the admin API shows and changes them.
 *
 * @param dealLostDefaultReason       the reason recorded when a deal is marked lost without one; null for none
 * @param publishedWebsiteUrls        the operator's public websites (absolute https URLs), at most 20
 */
public record OperatorSettings(boolean onlineIdChecksEnabled, boolean idCheckRequiredBeforeAccess,
        boolean voidOverdueEnabled, String dealLostDefaultReason, boolean reservedDealFollowUpEnabled,
        List<String> publishedWebsiteUrls) {

    public static final OperatorSettings DEFAULTS = new OperatorSettings(false, false, false, null, true, List.of());

    public OperatorSettings {
        publishedWebsiteUrls = List.copyOf(publishedWebsiteUrls);
    }
}
