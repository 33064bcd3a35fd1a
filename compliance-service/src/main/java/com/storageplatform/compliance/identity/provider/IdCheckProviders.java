package com.storageplatform.compliance.identity.provider;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;

/**
 * The one way to the online ID-check provider, chosen by the account's environment: live accounts get Stripe
 * Identity, test accounts the simulator, which never reaches a provider. A Spring bean
 * ({@code ProviderConfiguration}).
 */
public final class IdCheckProviders {

    /** The detail of the 409s that say why no ID check link can be sent. */
    public static final String LINK_FIELD = "id_check_link";

    private final IdCheckSettings settings;
    private final IdCheckProvider live;
    private final IdCheckProvider simulated;
    private final NotificationReader reader;
    private final SimulatedNotifications simulatedNotifications;

    /** {@code live} is null when Stripe Identity is not set up. */
    IdCheckProviders(IdCheckSettings settings, IdCheckProvider live, IdCheckProvider simulated,
            NotificationReader reader, SimulatedNotifications simulatedNotifications) {
        this.settings = settings;
        this.live = live;
        this.simulated = simulated;
        this.reader = reader;
        this.simulatedNotifications = simulatedNotifications;
    }

    /**
     * The provider of an account of this environment: 409 {@code conflict} (detail {@code id_check_link}
     * {@code provider_not_set_up}) for a live account when Stripe Identity is not set up on this platform.
     */
    public IdCheckProvider of(Environment environment) {
        if (environment == Environment.TEST) {
            return simulated;
        }
        if (live == null) {
            throw new ApiException(ErrorCode.CONFLICT, ErrorCode.CONFLICT.status(), "Online ID checks are not set "
                    + "up for live accounts on this platform.", List.of(new FieldIssue(LINK_FIELD,
                    "provider_not_set_up")), Map.of());
        }
        return live;
    }

    /** The reader of the provider's notifications ({@code stripe}): 404 {@code not_found} for another name. */
    public NotificationReader reader(String provider) {
        if (!reader.provider().equals(provider)) {
            throw ApiException.notFound("ID-check provider");
        }
        return reader;
    }

    /**
     * The live provider's webhook secret: 404 for an unknown provider, 409 {@code conflict} when it is not set up
     * on this platform (its notifications are not accepted).
     */
    public String liveSecret(String provider) {
        reader(provider);
        if (!settings.stripe().configured()) {
            throw ApiException.conflict("Online ID checks are not set up for live accounts on this platform. Its "
                    + "notifications are not accepted.");
        }
        return settings.stripe().webhookSecret();
    }

    /** Provider-shaped, signed notifications for test accounts, to be read like the provider's own. */
    public SimulatedNotifications simulated() {
        return simulatedNotifications;
    }

    /** The platform's public address, in front of the customer's link. */
    public String linkBaseUrl() {
        return settings.linkBaseUrl();
    }
}
