package com.storageplatform.commerce.reservation;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import java.util.UUID;

/**
 * A reservation with what its row keeps besides the resource: the account, operator and environment of the caller
 * that made it, so work outside a request (the expiry sweep, crm's {@code deal.lost}) publishes for that account.
 */
record Stored(Reservation reservation, UUID accountId, UUID operatorId, String environment) {

    /** Who commerce acts as when no request does: the reservation's account, on commerce's own behalf. */
    Caller systemCaller(String credential) {
        Environment env = environment == null ? null : Environment.of(environment);
        return Caller.actingFor(accountId, operatorId, env, credential,
                "sys_" + reservation.id().toString().replace("-", ""));
    }
}
