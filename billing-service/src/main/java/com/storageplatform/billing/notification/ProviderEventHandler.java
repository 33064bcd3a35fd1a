package com.storageplatform.billing.notification;

import com.storageplatform.billing.provider.ProviderEvent;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * A feature that acts on provider events (mandates in package mandate; payments in package payment). Every bean is
 * asked: {@link ProviderNotifications} hands each event to every handler whose {@link #kinds()} contain its kind.
 */
public interface ProviderEventHandler {

    /** The kinds of event this handler acts on. */
    Set<ProviderEvent.Kind> kinds();

    /**
     * Applies the event, in the notification's transaction, as the account its resource belongs to
     * ({@link ProviderNotifications#actingFor}); empty, and nothing changed, when the event names nothing of this
     * feature's (it is ignored).
     */
    Mono<Void> handle(ProviderEvent event);
}
