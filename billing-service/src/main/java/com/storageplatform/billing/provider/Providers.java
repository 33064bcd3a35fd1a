package com.storageplatform.billing.provider;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.web.ApiException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one way to a payment provider, chosen by the caller's environment: live accounts get the live adapters, test
 * accounts the simulators, which never reach a provider. A Spring bean ({@code ProviderConfiguration}).
 */
public final class Providers {

    static final String STRIPE = "stripe";
    static final String GOCARDLESS = "gocardless";

    private final ProviderSettings settings;
    private final CardGateway liveCards;
    private final DirectDebitProvider liveDirectDebit;
    private final CardGateway simulatedCards;
    private final DirectDebitProvider simulatedDirectDebit;
    private final Map<String, NotificationReader> readers;
    private final SimulatedNotifications simulated;

    /** {@code liveCards} and {@code liveDirectDebit} are null when their provider is not set up. */
    Providers(ProviderSettings settings, CardGateway liveCards, DirectDebitProvider liveDirectDebit,
            CardGateway simulatedCards, DirectDebitProvider simulatedDirectDebit, List<NotificationReader> readers,
            SimulatedNotifications simulated) {
        this.settings = settings;
        this.liveCards = liveCards;
        this.liveDirectDebit = liveDirectDebit;
        this.simulatedCards = simulatedCards;
        this.simulatedDirectDebit = simulatedDirectDebit;
        this.readers = readers.stream().collect(Collectors.toUnmodifiableMap(NotificationReader::provider,
                Function.identity()));
        this.simulated = simulated;
    }

    /** The card gateway for the caller's account: 409 {@code conflict} for a live account when Stripe is not set up. */
    public CardGateway cards(Caller caller) {
        if (caller.environment() == Environment.TEST) {
            return simulatedCards;
        }
        if (liveCards == null) {
            throw notSetUp(STRIPE, "");
        }
        return liveCards;
    }

    /**
     * The Direct Debit provider for the caller's account: 409 {@code conflict} for a live account when GoCardless is
     * not set up.
     */
    public DirectDebitProvider directDebit(Caller caller) {
        if (caller.environment() == Environment.TEST) {
            return simulatedDirectDebit;
        }
        if (liveDirectDebit == null) {
            throw notSetUp(GOCARDLESS, "");
        }
        return liveDirectDebit;
    }

    /** The reader of the provider's notifications ("stripe", "gocardless"): 404 {@code not_found} for another name. */
    public NotificationReader reader(String provider) {
        NotificationReader reader = provider == null ? null : readers.get(provider);
        if (reader == null) {
            throw ApiException.notFound("payment provider");
        }
        return reader;
    }

    /**
     * The webhook secret of the live provider, to read its notifications with: 404 {@code not_found} for an unknown
     * provider, 409 {@code conflict} when that provider is not set up on this platform.
     */
    public String liveSecret(String provider) {
        reader(provider);
        boolean stripe = STRIPE.equals(provider);
        boolean configured = stripe ? settings.stripe().configured() : settings.gocardless().configured();
        if (!configured) {
            throw notSetUp(provider, " Its notifications are not accepted.");
        }
        return stripe ? settings.stripe().webhookSecret() : settings.gocardless().webhookSecret();
    }

    private static ApiException notSetUp(String provider, String more) {
        String what = STRIPE.equals(provider) ? "Card payments are" : "Direct Debit is";
        return ApiException.conflict(what + " not set up for live accounts on this platform." + more);
    }

    /** Provider-shaped, signed notifications for test accounts, to be read like a provider's own. */
    public SimulatedNotifications simulated() {
        return simulated;
    }
}
