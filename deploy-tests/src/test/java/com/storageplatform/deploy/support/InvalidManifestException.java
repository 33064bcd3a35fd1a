package com.storageplatform.deploy.support;

/** A rendered document that the Kubernetes API server (or the operator behind a custom kind) would refuse. */
public final class InvalidManifestException extends RuntimeException {

    public InvalidManifestException(String message) {
        super(message);
    }

    public InvalidManifestException(String message, Throwable cause) {
        super(message, cause);
    }
}
