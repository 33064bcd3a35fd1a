package com.storageplatform.catalogue.site;

import static com.storageplatform.kit.web.Patch.pick;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Sites of the caller's account. Another account's site does not exist here (404); a site-restricted caller
 * reads and updates only its own sites (403 {@code site_forbidden} for the others) and adds none.
 */
@Service
public class SiteService {

    private final SiteRepository sites;
    private final SiteEvents events;
    private final Clock clock;

    SiteService(SiteRepository sites, SiteEvents events, Clock clock) {
        this.sites = sites;
        this.events = events;
        this.clock = clock;
    }

    Mono<Site> create(Caller caller, CreateSite body) {
        return Mono.defer(() -> {
            if (caller.isSiteRestricted()) {
                // A credential bound to some sites cannot widen its own reach by adding one.
                return Mono.error(SiteAccess.forbidden());
            }
            Validation v = Validation.start();
            String name = SiteRules.name(v, body.name());
            String description = SiteRules.description(v, body.description());
            String timezone = SiteRules.timezone(v, body.timezone());
            String status = body.status() == null ? Site.ACTIVE : SiteRules.status(v, body.status());
            List<String> amenities = SiteRules.amenities(v, body.amenities());
            Site.Address address = SiteRules.address(v, body.address());
            String phone = SiteRules.phone(v, body.phone());
            String email = SiteRules.email(v, body.email());
            v.orThrow();
            Instant now = clock.instant();
            Site site = new Site(Ids.newId(), Site.OBJECT, name, description, status, timezone, amenities, address,
                    phone, email, now, now);
            return sites.insert(caller.accountId(), site)
                    .then(events.created(caller, site))
                    .thenReturn(site);
        });
    }

    /**
     * The site of the caller's account: 404 {@code not_found} when there is none with this id (another account's
     * included), 403 {@code site_forbidden} when the caller is restricted to other sites.
     */
    public Mono<Site> read(Caller caller, UUID id) {
        return sites.find(caller.accountId(), id).map(site -> allowed(caller, site)).switchIfEmpty(notFound());
    }

    Mono<Envelopes.ListOf<Site>> list(Caller caller, String status, PageRequest page) {
        return sites.list(caller, status, page);
    }

    /**
     * Applies the fields that were sent. A request that changes nothing leaves the site as it was: no write, no
     * event, {@code updated_at} unmoved.
     */
    Mono<Site> update(Caller caller, UUID id, SiteChanges changes) {
        return sites.findForUpdate(caller.accountId(), id)
                .map(site -> allowed(caller, site))
                .switchIfEmpty(notFound())
                .flatMap(current -> {
                    Site changed = apply(current, changes);
                    if (changed.equals(current)) {
                        return Mono.just(current);
                    }
                    Site saved = changed.updatedAt(clock.instant());
                    return sites.update(caller.accountId(), saved)
                            .then(events.updated(caller, saved))
                            .thenReturn(saved);
                });
    }

    /** {@code current} with the sent fields judged and applied; a field that was not sent is not judged again. */
    private static Site apply(Site current, SiteChanges changes) {
        Validation v = Validation.start();
        Site changed = new Site(current.id(), current.object(),
                pick(changes.name(), current.name(), value -> SiteRules.name(v, value)),
                pick(changes.description(), current.description(), value -> SiteRules.description(v, value)),
                pick(changes.status(), current.status(), value -> SiteRules.status(v, value)),
                pick(changes.timezone(), current.timezone(), value -> SiteRules.timezone(v, value)),
                pick(changes.amenities(), current.amenities(), value -> SiteRules.amenities(v, value)),
                pick(changes.address(), current.address(), value -> value == null ? null
                        : SiteRules.address(v, value.applyTo(current.address()))),
                pick(changes.phone(), current.phone(), value -> SiteRules.phone(v, value)),
                pick(changes.email(), current.email(), value -> SiteRules.email(v, value)),
                current.createdAt(), current.updatedAt());
        v.orThrow();
        return changed;
    }

    private static Site allowed(Caller caller, Site site) {
        SiteAccess.require(caller, site.id());
        return site;
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("site"));
    }
}
