package com.storageplatform.auth.credential;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Environment;
import java.util.List;

/**
 * What a bearer credential is, which tells its secret's prefix and the actor it acts as. Introspection reports the
 * kind, so the gateway can refuse a refresh token on {@code /v1}.
 */
public enum CredentialKind {
    API_KEY("api_key", ActorType.API),
    STATIC_TOKEN("static_token", ActorType.API),
    STAFF_TOKEN("staff_token", ActorType.STAFF),
    ACCESS_TOKEN("access_token", ActorType.API),
    REFRESH_TOKEN("refresh_token", ActorType.API);

    /** Every prefix a bearer credential can have; anything else is not one of ours and needs no lookup. */
    public static final List<String> PREFIXES =
            List.of("svc_live_", "svc_test_", "svc_st_", "svc_staff_", "svc_at_", "svc_rt_");

    private final String value;
    private final ActorType actorType;

    CredentialKind(String value, ActorType actorType) {
        this.value = value;
        this.actorType = actorType;
    }

    public String value() {
        return value;
    }

    public ActorType actorType() {
        return actorType;
    }

    /** The prefix of this kind's secrets: {@code svc_live_}/{@code svc_test_} for API keys, else one per kind. */
    public String secretPrefix(Environment environment) {
        return switch (this) {
            case API_KEY -> "svc_" + environment.value() + "_";
            case STATIC_TOKEN -> "svc_st_";
            case STAFF_TOKEN -> "svc_staff_";
            case ACCESS_TOKEN -> "svc_at_";
            case REFRESH_TOKEN -> "svc_rt_";
        };
    }

    public static boolean hasKnownPrefix(String presented) {
        return PREFIXES.stream().anyMatch(presented::startsWith);
    }

    public static CredentialKind of(String value) {
        for (CredentialKind kind : values()) {
            if (kind.value.equals(value)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("Unknown credential kind: " + value);
    }
}
