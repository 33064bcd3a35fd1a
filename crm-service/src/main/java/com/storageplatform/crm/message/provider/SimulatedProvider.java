package com.storageplatform.crm.message.provider;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;
import reactor.core.publisher.Mono;

/**
 * The test accounts' carriers: they reach no one, and answer by the address or number, as the conventions' test
 * card tokens do (docs/api/messages.md, "Test mode"). A message they accept is {@code sent}; the report they then
 * send (through the same path as a provider's own, signed with the simulator's secret) makes it {@code delivered}
 * or {@code bounced}, unless the address asks for none, when a test helper decides.
 *
 * <table>
 *   <tr><th>Email: the local part's tag</th><th>SMS: the number ends in</th><th>Outcome</th></tr>
 *   <tr><td>{@code +bounce}</td><td>{@code 7700 900111}</td><td>sent, then bounced</td></tr>
 *   <tr><td>{@code +refuse}</td><td>{@code 7700 900222}</td><td>refused: failed at once</td></tr>
 *   <tr><td>{@code +unavailable}</td><td>{@code 7700 900333}</td><td>unavailable: retried, then failed</td></tr>
 *   <tr><td>{@code +hold}</td><td>{@code 7700 900444}</td><td>sent, no report (the test helpers)</td></tr>
 *   <tr><td>anything else</td><td>any other</td><td>sent, then delivered</td></tr>
 * </table>
 */
final class SimulatedProvider implements MessageProvider {

    private static final SecureRandom RANDOM = new SecureRandom();

    enum Outcome { DELIVER, BOUNCE, REFUSE, UNAVAILABLE, HOLD }

    private final String name;
    private final boolean email;

    private SimulatedProvider(String name, boolean email) {
        this.name = name;
        this.email = email;
    }

    static SimulatedProvider email() {
        return new SimulatedProvider(SmtpEmail.NAME, true);
    }

    static SimulatedProvider sms() {
        return new SimulatedProvider(TwilioSms.NAME, false);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Mono<Handover> send(Outgoing message) {
        return Mono.fromSupplier(() -> switch (email ? ofEmail(message.to()) : ofNumber(message.to())) {
            case DELIVER -> new Handover.Accepted(name, reference(message), DeliveryReport.Kind.DELIVERED);
            case BOUNCE -> new Handover.Accepted(name, reference(message), DeliveryReport.Kind.BOUNCED);
            case HOLD -> new Handover.Accepted(name, reference(message), null);
            case REFUSE -> new Handover.Refused(name, email
                    ? "550 5.1.1 The simulator refuses " + message.to() + " (+refuse)."
                    : "Twilio error 21211: The simulator refuses " + message.to() + " as an invalid 'To' number.");
            case UNAVAILABLE -> new Handover.Unavailable(name, email
                    ? "421 4.3.0 The simulated SMTP server is unavailable (+unavailable)."
                    : "Twilio answered 503: the simulated SMS provider is unavailable.");
        });
    }

    /** An email's outcome: the tag of its local part ({@code ada+bounce@...}). */
    static Outcome ofEmail(String address) {
        String local = address.substring(0, Math.max(0, address.lastIndexOf('@'))).toLowerCase(Locale.ROOT);
        String tag = local.contains("+") ? local.substring(local.lastIndexOf('+') + 1) : "";
        return switch (tag) {
            case "bounce" -> Outcome.BOUNCE;
            case "refuse" -> Outcome.REFUSE;
            case "unavailable" -> Outcome.UNAVAILABLE;
            case "hold" -> Outcome.HOLD;
            default -> Outcome.DELIVER;
        };
    }

    /** An SMS's outcome: the last ten digits of its number, whatever its spacing or prefix. */
    static Outcome ofNumber(String number) {
        String digits = number.replaceAll("\\D", "");
        String last = digits.length() > 10 ? digits.substring(digits.length() - 10) : digits;
        return switch (last) {
            case "7700900111" -> Outcome.BOUNCE;
            case "7700900222" -> Outcome.REFUSE;
            case "7700900333" -> Outcome.UNAVAILABLE;
            case "7700900444" -> Outcome.HOLD;
            default -> Outcome.DELIVER;
        };
    }

    /** An email's Message-ID (as the SMTP adapter makes it) or a Twilio-shaped SID. */
    private String reference(Outgoing message) {
        return email ? message.messageId() + "@simulator.invalid" : "SM" + random(16);
    }

    static String random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return HexFormat.of().formatHex(value);
    }
}
