package com.storageplatform.kit.caller;

import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/** PEM encoding of the EC P-256 caller-token keys (PKCS#8 private, SubjectPublicKeyInfo public). */
public final class Pem {

    private Pem() {
    }

    public static KeyPair newP256KeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("EC P-256 is not available", e);
        }
    }

    public static ECPublicKey publicKey(String pem) {
        try {
            byte[] der = decode(pem, "PUBLIC KEY");
            return (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(der));
        } catch (java.security.GeneralSecurityException | ClassCastException e) {
            throw new IllegalArgumentException("Not an EC public key in PEM (SubjectPublicKeyInfo)", e);
        }
    }

    public static ECPrivateKey privateKey(String pem) {
        try {
            byte[] der = decode(pem, "PRIVATE KEY");
            return (ECPrivateKey) KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (java.security.GeneralSecurityException | ClassCastException e) {
            throw new IllegalArgumentException("Not an EC private key in PEM (PKCS#8)", e);
        }
    }

    public static String encodePublic(ECPublicKey key) {
        return encode("PUBLIC KEY", key.getEncoded());
    }

    public static String encodePrivate(ECPrivateKey key) {
        return encode("PRIVATE KEY", key.getEncoded());
    }

    private static String encode(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    private static byte[] decode(String pem, String type) {
        if (pem == null) {
            throw new IllegalArgumentException("No " + type + " configured");
        }
        String body = pem.replace("-----BEGIN " + type + "-----", "")
                .replace("-----END " + type + "-----", "")
                .replaceAll("\\s", "");
        return Base64.getDecoder().decode(body);
    }
}
