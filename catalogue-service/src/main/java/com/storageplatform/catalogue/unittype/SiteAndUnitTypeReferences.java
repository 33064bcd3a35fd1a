package com.storageplatform.catalogue.unittype;

import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The {@code site_ids} and {@code unit_type_ids} a record names (a coupon, a price rule), checked the same way for
 * each through {@link Sites} and {@link UnitTypes}: every entry must be one of the account's ({@code not_found} on
 * the entry, at its position as sent), and a site-restricted caller may name only its own sites and their unit
 * types (403 {@code site_forbidden}). Entries that are not ids, or name an id twice, are the caller's to refuse
 * ({@code invalid}, {@code duplicate}); they are not judged here as well.
 */
@Component
public class SiteAndUnitTypeReferences {

    private static final String SITE_IDS = "site_ids";
    private static final String UNIT_TYPE_IDS = "unit_type_ids";

    private final Sites sites;
    private final UnitTypes types;

    SiteAndUnitTypeReferences(Sites sites, UnitTypes types) {
        this.sites = sites;
        this.types = types;
    }

    /** Records each unknown entry on {@code v}; a unit type may be at any of the account's sites. */
    public Mono<Void> check(Caller caller, Validation v, List<String> siteIds, List<String> unitTypeIds) {
        return check(caller, v, siteIds, unitTypeIds, false);
    }

    /**
     * As {@link #check}, and when sites are named, a unit type must be at one of them ({@code not_allowed} on its
     * entry otherwise).
     */
    public Mono<Void> checkTypesAtNamedSites(Caller caller, Validation v, List<String> siteIds,
            List<String> unitTypeIds) {
        return check(caller, v, siteIds, unitTypeIds, true);
    }

    private Mono<Void> check(Caller caller, Validation v, List<String> sentSites, List<String> sentTypes,
            boolean typesAtNamedSites) {
        return Mono.defer(() -> {
            Set<UUID> named = ids(sentSites);
            named.forEach(site -> SiteAccess.require(caller, site));
            // One query after the other: they share the request's transaction, hence its one connection.
            return sites.existing(caller.accountId(), named).collect(Collectors.toSet())
                    .flatMap(known -> types.sitesOf(caller.accountId(), ids(sentTypes)).doOnNext(typeSites -> {
                        typeSites.values().forEach(site -> SiteAccess.require(caller, site));
                        markSites(v, sentSites, known);
                        markTypes(v, sentTypes, typeSites, typesAtNamedSites ? named : Set.of());
                    }))
                    .then();
        });
    }

    private static void markSites(Validation v, List<String> sent, Set<UUID> known) {
        sentOnce(sent).forEach((id, i) -> v.check(!known.contains(id), SITE_IDS + "[" + i + "]",
                FieldIssue.NOT_FOUND));
    }

    /** {@code requiredSites}: empty when a unit type may be at any site. */
    private static void markTypes(Validation v, List<String> sent, Map<UUID, UUID> typeSites,
            Set<UUID> requiredSites) {
        sentOnce(sent).forEach((id, i) -> {
            UUID site = typeSites.get(id);
            String field = UNIT_TYPE_IDS + "[" + i + "]";
            if (site == null) {
                v.add(field, FieldIssue.NOT_FOUND);
            } else if (!requiredSites.isEmpty() && !requiredSites.contains(site)) {
                v.add(field, FieldIssue.NOT_ALLOWED);
            }
        });
    }

    /**
     * The ids sent exactly once, each with its position. An id sent twice is already refused as {@code duplicate}
     * (by the caller's own rules) and is not judged here as well; it is still looked up, so site access holds.
     */
    private static Map<UUID, Integer> sentOnce(List<String> sent) {
        Map<UUID, Integer> once = new LinkedHashMap<>();
        Set<UUID> twice = new HashSet<>();
        for (int i = 0; i < size(sent); i++) {
            UUID id = id(sent.get(i));
            if (id != null && once.putIfAbsent(id, i) != null) {
                twice.add(id);
            }
        }
        once.keySet().removeAll(twice);
        return once;
    }

    private static Set<UUID> ids(List<String> sent) {
        Set<UUID> ids = new LinkedHashSet<>();
        for (int i = 0; i < size(sent); i++) {
            UUID id = id(sent.get(i));
            if (id != null) {
                ids.add(id);
            }
        }
        return ids;
    }

    private static UUID id(String sent) {
        return Ids.parse(sent).orElse(null);
    }

    private static int size(List<String> sent) {
        return sent == null ? 0 : sent.size();
    }
}
