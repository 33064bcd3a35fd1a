package com.storageplatform.billing.provider;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;

/** The refusals of an inbound notification, the same for every provider. */
final class Notifications {

    private Notifications() {
    }

    static ApiException badSignature(String header) {
        return new ApiException(ErrorCode.INVALID_REQUEST,
                "The " + header + " header is missing, stale or does not sign this body.");
    }

    static ApiException notTheProvidersBody(String provider) {
        return new ApiException(ErrorCode.INVALID_REQUEST, "The body is not a " + provider + " notification.");
    }
}
