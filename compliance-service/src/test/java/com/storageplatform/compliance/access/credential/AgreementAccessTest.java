package com.storageplatform.compliance.access.credential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.compliance.access.credential.AgreementAccess.Evidence;
import com.storageplatform.compliance.access.credential.AgreementAccess.Verdict;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The issuing rule over commerce's agreement events, whatever order they come in. */
class AgreementAccessTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final UUID AGREEMENT = Ids.newId();
    static final UUID CUSTOMER = Ids.newId();
    static final UUID SITE = Ids.newId();
    static final UUID UNIT = Ids.newId();
    static final Instant T0 = Instant.parse("2026-11-25T10:00:00Z");

    record Event(String type, JsonNode data, Instant time) {
        Evidence evidence() {
            return Evidence.of(type, data, time);
        }
    }

    static Event event(String type, String accessStatus, String status, int minute) {
        Map<String, Object> agreement = new LinkedHashMap<>();
        agreement.put("id", AGREEMENT.toString());
        agreement.put("object", "agreement");
        agreement.put("contact_id", CUSTOMER.toString());
        agreement.put("site_id", SITE.toString());
        agreement.put("unit_id", UNIT.toString());
        agreement.put("status", status);
        agreement.put("access_status", accessStatus);
        agreement.put("signed_at", "drafted".equals(accessStatus) ? null : T0.toString());
        return new Event(type, JSON.valueToTree(agreement), T0.plusSeconds(60L * minute));
    }

    static final Event SIGNED_HELD = event(AgreementAccess.ACTIVATED, "access_held", "pending_move_in", 0);
    static final Event HELD = event(AgreementAccess.ACCESS_HELD, "access_held", "pending_move_in", 0);
    static final Event RELEASED = event(AgreementAccess.ACCESS_RELEASED, "access_released", "pending_move_in", 5);
    static final Event SIGNED = event(AgreementAccess.ACTIVATED, "signed", "pending_move_in", 0);
    static final Event TERMINATED = event(AgreementAccess.TERMINATED, "access_held", "terminated", 9);

    static AgreementAccess replay(List<Event> events) {
        AgreementAccess state = AgreementAccess.none(AGREEMENT);
        for (Event e : events) {
            state = state.with(e.evidence());
        }
        return state;
    }

    @Test
    void anAgreementSignedWithoutAHoldGrantsAccess() {
        assertThat(replay(List.of(SIGNED)).verdict()).isEqualTo(Verdict.GRANTED);
    }

    @Test
    void aSignatureThatCarriesItsHoldGrantsNothing() {
        assertThat(replay(List.of(SIGNED_HELD)).verdict()).isEqualTo(Verdict.HELD);
        assertThat(replay(List.of(HELD)).verdict()).isEqualTo(Verdict.HELD);
        assertThat(replay(List.of(SIGNED_HELD, HELD)).verdict()).isEqualTo(Verdict.HELD);
    }

    @Test
    void aReleasedHoldGrantsAccess() {
        assertThat(replay(List.of(SIGNED_HELD, HELD, RELEASED)).verdict()).isEqualTo(Verdict.GRANTED);
    }

    @Test
    void nothingIsGrantedBeforeTheSignature() {
        Event created = event("agreement.updated", "drafted", "draft", 0);
        assertThat(replay(List.of(created)).verdict()).isEqualTo(Verdict.UNSIGNED);
        assertThat(AgreementAccess.none(AGREEMENT).verdict()).isEqualTo(Verdict.UNSIGNED);
    }

    @Test
    void terminationEndsAccessWhateverElseWasSeen() {
        assertThat(replay(List.of(SIGNED, TERMINATED)).verdict()).isEqualTo(Verdict.ENDED);
        assertThat(replay(List.of(TERMINATED, SIGNED_HELD, HELD, RELEASED)).verdict()).isEqualTo(Verdict.ENDED);
    }

    @Test
    void everyOrderOfTheSameEventsWithRepeatsEndsInTheSameState() {
        List<Event> history = List.of(SIGNED_HELD, HELD, RELEASED, RELEASED, HELD, SIGNED_HELD);
        AgreementAccess expected = replay(List.of(SIGNED_HELD, HELD, RELEASED));
        for (List<Event> order : permutations(history)) {
            AgreementAccess state = replay(order);
            assertThat(state).as("replayed as %s", order.stream().map(Event::type).toList()).isEqualTo(expected);
        }
        assertThat(expected.verdict()).isEqualTo(Verdict.GRANTED);
        assertThat(expected.heldAt()).isEqualTo(T0);
        assertThat(expected.releasedAt()).isEqualTo(T0.plusSeconds(300));
    }

    @Test
    void aReleaseAloneShowsTheSignatureAndTheHoldItFollowed() {
        AgreementAccess state = replay(List.of(RELEASED));
        assertThat(state.signedAt()).isNotNull();
        assertThat(state.heldAt()).isNotNull();
        assertThat(state.verdict()).isEqualTo(Verdict.GRANTED);
    }

    @Test
    void theCustomerSiteAndUnitAreTheNewestEventsWhateverTheOrder() {
        UUID otherSite = Ids.newId();
        UUID otherUnit = Ids.newId();
        Event transfer = event("agreement.updated", "signed", "active", 30);
        ((ObjectNode) transfer.data()).put("site_id", otherSite.toString())
                .put("unit_id", otherUnit.toString());
        AgreementAccess inOrder = replay(List.of(SIGNED, transfer));
        AgreementAccess late = replay(List.of(transfer, SIGNED));
        assertThat(inOrder).isEqualTo(late);
        assertThat(late.siteId()).isEqualTo(otherSite);
        assertThat(late.unitId()).isEqualTo(otherUnit);
        assertThat(late.contactId()).isEqualTo(CUSTOMER);
    }

    @Test
    void aCredentialCanBeAddedOnlyWhileAccessIsGranted() {
        assertThatThrownBy(() -> replay(List.of(SIGNED_HELD)).requireGranted())
                .isInstanceOf(ApiException.class).hasMessageContaining("access held");
        assertThatThrownBy(() -> AgreementAccess.none(AGREEMENT).requireGranted())
                .isInstanceOf(ApiException.class).hasMessageContaining("has not been signed");
        assertThatThrownBy(() -> replay(List.of(SIGNED, TERMINATED)).requireGranted())
                .isInstanceOf(ApiException.class).hasMessageContaining("terminated");
        replay(List.of(SIGNED_HELD, RELEASED)).requireGranted();
    }

    private static List<List<Event>> permutations(List<Event> events) {
        if (events.isEmpty()) {
            return List.of(List.of());
        }
        List<List<Event>> all = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            List<Event> rest = new ArrayList<>(events);
            Event first = rest.remove(i);
            for (List<Event> tail : permutations(rest)) {
                List<Event> order = new ArrayList<>();
                order.add(first);
                order.addAll(tail);
                all.add(order);
            }
        }
        return all;
    }
}
