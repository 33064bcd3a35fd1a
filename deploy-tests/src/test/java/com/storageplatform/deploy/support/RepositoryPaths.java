package com.storageplatform.deploy.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the chart, the container build and the root pom are, relative to the repository root. */
public final class RepositoryPaths {

    private RepositoryPaths() {
    }

    /** The repository root: given by the build ({@code deploy.repo-root}), else the module's parent directory. */
    public static Path root() {
        String configured = System.getProperty("deploy.repo-root");
        Path root = (configured != null ? Path.of(configured) : Path.of("..")).toAbsolutePath().normalize();
        if (!Files.isRegularFile(root.resolve("pom.xml"))) {
            throw new IllegalStateException("Not the repository root (no pom.xml): " + root);
        }
        return root;
    }

    public static Path chart() {
        return root().resolve("helm/storage-platform");
    }

    public static Path chartReadme() {
        return root().resolve("helm/README.md");
    }

    public static Path dockerfile() {
        return root().resolve("docker/Dockerfile");
    }

    public static Path buildImagesScript() {
        return root().resolve("docker/build-images.sh");
    }
}
