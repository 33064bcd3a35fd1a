package com.storageplatform.kit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ConsumedEventTest {

    @Test
    void aHandlerActsAsTheEventsAccountThroughItsInbox() {
        UUID eventId = UUID.fromString("01a2116a-caa3-725f-8b43-370a4e34ba88");
        UUID account = Ids.newId();
        UUID operator = Ids.newId();
        Caller caller = event(eventId, account, operator, "live").actingCaller();
        assertThat(caller).isEqualTo(new Caller(account, operator, Environment.LIVE, null, null, ActorType.API,
                "inbox:commerce.events", "evt_01a2116acaa3725f8b43370a4e34ba88"));
        assertThat(event(eventId, account, operator, "test").actingCaller().environment())
                .isEqualTo(Environment.TEST);
    }

    @Test
    void anEventWithoutAKnownEnvironmentGivesACallerWithoutOne() {
        assertThat(event(Ids.newId(), Ids.newId(), null, null).actingCaller().environment()).isNull();
        assertThat(event(Ids.newId(), Ids.newId(), null, "staging").actingCaller().environment()).isNull();
    }

    private static ConsumedEvent event(UUID id, UUID account, UUID operator, String environment) {
        return new ConsumedEvent(id, "commerce.events", "commerce", "reservation.created", Instant.EPOCH, account,
                operator, environment, null, null);
    }
}
