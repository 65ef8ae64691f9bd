package io.redcron.domain;

final class WorkDirs {
    private WorkDirs() {
    }

    static String check(String workDir) {
        if (workDir == null || workDir.isEmpty()) {
            return null;
        }
        if (!workDir.startsWith("/")) {
            throw new InvalidTaskException("workdir", "'" + workDir + "' must be an absolute path");
        }
        if (workDir.indexOf('\0') >= 0 || workDir.length() > 4096) {
            throw new InvalidTaskException("workdir", "is not a valid path");
        }
        return workDir;
    }
}
