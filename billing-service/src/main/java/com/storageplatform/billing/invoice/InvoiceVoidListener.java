package com.storageplatform.billing.invoice;

import com.storageplatform.kit.caller.Caller;
import reactor.core.publisher.Mono;

/**
 * The port through which a successful void reaches what other features keep about the invoice (void rule 5), in
 * the void's own transaction: every bean of this type is told, and a failure rolls the void back. Payments close
 * the invoice's failed collection attempts and cancel their card payments; the features of later issues join here
 * (dunning withdraws waiting reminders and closes or refreshes the arrears case and unlocks the unit; accounting
 * voids the invoice in the connected system; subscriptions put the charges back on the plan's next invoice).
 */
public interface InvoiceVoidListener {

    /** {@code invoice} has just been voided (its status is {@code void}, {@code voided_from} set). */
    Mono<Void> voided(Caller caller, Invoice invoice);
}
