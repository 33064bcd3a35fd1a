package com.storageplatform.crm.message.provider;

import reactor.core.publisher.Mono;

/**
 * A carrier of one channel: email over SMTP ({@code SmtpEmail}) or SMS through Twilio ({@code TwilioSms}) for live
 * accounts, and the simulators of both for test accounts. Choose one with {@link MessageProviders}.
 *
 * <p>{@link #send} is bounded in time and never fails: refusals and outages are {@link Handover}s. A hand-over whose
 * outcome is unknown (the connection dropped after the text was sent) is {@link Handover.Unavailable} and is tried
 * again: a customer may, rarely, get a message twice, never none. An email repeated carries the same Message-ID.
 */
public interface MessageProvider {

    /** {@code smtp} or {@code twilio}: the simulators simulate them, under the same names. */
    String name();

    Mono<Handover> send(Outgoing message);
}
