package com.storageplatform.kit.caller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ScopesAndSitesTest {

    @Test
    void theScopeTableHasReadAndWriteExceptForReadOnlyFamilies() {
        assertThat(Scopes.ALL).contains("billing:read", "billing:write", "events:read", "reports:read", "imports:write");
        assertThat(Scopes.ALL).doesNotContain("events:write", "reports:write", "billing:admin", "billing");
        assertThat(Scopes.ALL).hasSize(16 * 2 - 2);
        assertThat(Scopes.isKnown("sites:read")).isTrue();
        assertThat(Scopes.hasWrite("events")).isFalse();
    }

    @Test
    void readingNeedsTheFamilysReadScopeAndEveryOtherMethodItsWriteScope() {
        assertThat(Scopes.required("billing", "GET")).isEqualTo("billing:read");
        assertThat(Scopes.required("billing", "HEAD")).isEqualTo("billing:read");
        for (String method : new String[] {"POST", "PATCH", "PUT", "DELETE"}) {
            assertThat(Scopes.required("billing", method)).isEqualTo("billing:write");
        }
    }

    @Test
    void aSiteRestrictedCallerReachesOnlyItsSites() {
        UUID mine = Ids.newId();
        UUID other = Ids.newId();
        Caller restricted = new Caller(Ids.newId(), Ids.newId(), Environment.TEST, Set.of(), Set.of(mine),
                ActorType.API, "key", "req_12345678");
        Caller unrestricted = new Caller(Ids.newId(), Ids.newId(), Environment.TEST, Set.of(), null,
                ActorType.API, "key", "req_12345678");
        assertThat(SiteAccess.allows(restricted, mine)).isTrue();
        assertThat(SiteAccess.allows(restricted, other)).isFalse();
        assertThat(SiteAccess.allows(restricted, null)).isFalse();
        assertThat(SiteAccess.allows(unrestricted, other)).isTrue();
        assertThatThrownBy(() -> SiteAccess.require(restricted, other))
                .isInstanceOf(ApiException.class)
                .satisfies(e -> {
                    assertThat(((ApiException) e).code().code()).isEqualTo("site_forbidden");
                    assertThat(((ApiException) e).status().value()).isEqualTo(403);
                });
    }

    @Test
    void anAccountActingForItselfHasNoScopesNoSiteRestrictionAndActsAsTheApi() {
        UUID account = Ids.newId();
        UUID operator = Ids.newId();
        Caller caller = Caller.actingFor(account, operator, Environment.LIVE, "job:reservation-expiry", "sys_1");
        assertThat(caller).isEqualTo(new Caller(account, operator, Environment.LIVE, Set.of(), null, ActorType.API,
                "job:reservation-expiry", "sys_1"));
        assertThat(caller.scopes()).isEmpty();
        assertThat(caller.isSiteRestricted()).isFalse();
        assertThat(caller.isPlatformAdmin()).isFalse();
    }

    @Test
    void anEnvironmentIsFoundByItsNameOnly() {
        assertThat(Environment.find("live")).contains(Environment.LIVE);
        assertThat(Environment.find("test")).contains(Environment.TEST);
        assertThat(Environment.find("LIVE")).isEmpty();
        assertThat(Environment.find(null)).isEmpty();
    }
}
