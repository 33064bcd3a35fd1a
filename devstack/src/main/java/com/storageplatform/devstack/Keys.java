package com.storageplatform.devstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * The secrets the devstack makes once and keeps in its home: the EC P-256 key pairs that sign and verify
 * caller tokens (ES256): the gateway's and the services' own for calls to each other; and the platform admin
 * token.
 */
public final class Keys {

    public static final String ADMIN_TOKEN_PREFIX = "svc_admin_";
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int ADMIN_TOKEN_RANDOM_CHARS = 40;

    private static final SecureRandom RANDOM = new SecureRandom();

    /** The caller-token keys as PEM text, the form the services read from their environment. */
    public record CallerTokenKeys(String privateKeyPem, String publicKeyPem) {
    }

    private Keys() {
    }

    public static KeyPair generateEcP256() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot make EC P-256 keys", e);
        }
    }

    public static CallerTokenKeys toPem(KeyPair keyPair) {
        // Java encodes EC private keys as PKCS#8 and public keys as X.509 SubjectPublicKeyInfo.
        return new CallerTokenKeys(
                pem("PRIVATE KEY", keyPair.getPrivate().getEncoded()),
                pem("PUBLIC KEY", keyPair.getPublic().getEncoded()));
    }

    public static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    public static byte[] derFromPem(String pem) {
        String body = pem.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
        return Base64.getDecoder().decode(body);
    }

    public static PrivateKey parsePrivateKey(String pem) throws GeneralSecurityException {
        return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(derFromPem(pem)));
    }

    public static PublicKey parsePublicKey(String pem) throws GeneralSecurityException {
        return KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(derFromPem(pem)));
    }

    /** {@code svc_admin_} followed by 40 base62 characters (about 238 bits) from SecureRandom. */
    public static String newAdminToken() {
        StringBuilder token = new StringBuilder(ADMIN_TOKEN_PREFIX);
        for (int i = 0; i < ADMIN_TOKEN_RANDOM_CHARS; i++) {
            token.append(BASE62.charAt(RANDOM.nextInt(BASE62.length())));
        }
        return token.toString();
    }

    /** Reads the key pair from {@code keysDir}, making it on first use. */
    public static CallerTokenKeys loadOrCreateCallerTokenKeys(Path keysDir) {
        return loadOrCreateKeyPair(keysDir, "caller-token");
    }

    /** The service-to-service key pair (ADR 0019): services sign their calls to peers with it, peers verify. */
    public static CallerTokenKeys loadOrCreateServiceTokenKeys(Path keysDir) {
        return loadOrCreateKeyPair(keysDir, "service-token");
    }

    private static CallerTokenKeys loadOrCreateKeyPair(Path keysDir, String name) {
        Path privateKey = keysDir.resolve(name + "-private.pem");
        Path publicKey = keysDir.resolve(name + "-public.pem");
        try {
            if (!Files.exists(privateKey) || !Files.exists(publicKey)) {
                Files.createDirectories(keysDir);
                CallerTokenKeys keys = toPem(generateEcP256());
                writeSecret(privateKey, keys.privateKeyPem());
                writeSecret(publicKey, keys.publicKeyPem());
                return keys;
            }
            return new CallerTokenKeys(Files.readString(privateKey), Files.readString(publicKey));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the admin token, making it on first use (file mode 600). */
    public static String loadOrCreateAdminToken(Path tokenFile) {
        try {
            if (Files.exists(tokenFile)) {
                return Files.readString(tokenFile).trim();
            }
            String token = newAdminToken();
            writeSecret(tokenFile, token + "\n");
            return token;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a file that is readable by its owner only from the moment it exists, then moves it in place. */
    static void writeSecret(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Path temp;
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            temp = Files.createTempFile(file.getParent(), ".secret", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            temp = Files.createTempFile(file.getParent(), ".secret", ".tmp");
        }
        Files.writeString(temp, content);
        try {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
