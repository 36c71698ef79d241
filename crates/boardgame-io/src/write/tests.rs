use super::*;
use crate::scratch::Scratch;
use std::io::{Read, Seek};

fn entries(dir: &Path) -> usize {
    std::fs::read_dir(dir).unwrap().count()
}

#[test]
fn a_replacement_replaces_a_regular_file_or_nothing_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("mode");
    let path = dir.join("save.json");
    replace(&path, b"first\n").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "first\n");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    replace(&path, b"second\n").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(entries(dir.path()), 1, "no temporary file is left");
}

#[test]
fn devices_fifos_and_directories_are_refused_untouched_by_every_writer() {
    let dir = Scratch::new("special");
    let fifo = dir.fifo("fifo");
    let fifo = fifo.to_string_lossy().into_owned();
    for path in ["/dev/null", "/dev/full", "/dev/zero", "/", fifo.as_str()] {
        let path = Path::new(path);
        let error = target(path).unwrap_err().to_string();
        assert!(error.contains("not a regular file"), "{path:?}: {error}");
        let error = replace(path, b"x").unwrap_err().to_string();
        assert!(error.contains("not a regular file"), "{path:?}: {error}");
        let error = Appender::open(path).unwrap_err().to_string();
        assert!(error.contains("not a regular file"), "{path:?}: {error}");
    }
    use std::os::unix::fs::FileTypeExt;
    for device in ["/dev/null", "/dev/full"] {
        let kind = std::fs::metadata(device).unwrap().file_type();
        assert!(kind.is_char_device(), "{device} is still a device");
    }
}

#[test]
fn a_write_through_a_link_writes_the_file_it_points_to() {
    let dir = Scratch::new("link");
    let real = dir.join("real.json");
    let link = dir.join("link.json");
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    assert_eq!(target(&link).unwrap(), real);
    replace(&link, b"saved\n").unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "saved\n");
    // A link to a device is refused like the device.
    let to_null = dir.join("null");
    std::os::unix::fs::symlink("/dev/full", &to_null).unwrap();
    assert!(replace(&to_null, b"x").is_err());
    // A loop of links is refused.
    let a = dir.join("a");
    let b = dir.join("b");
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    assert!(
        target(&a)
            .unwrap_err()
            .to_string()
            .contains("symbolic links")
    );
}

#[test]
fn temporary_names_are_new_each_time_short_and_never_follow_a_planted_link() {
    let dir = Scratch::new("temp");
    let target = dir.join("x".repeat(250));
    let (_, one, _) = create_temp(&target, None).unwrap();
    let (_, two, _) = create_temp(&target, None).unwrap();
    assert_ne!(one, two);
    for temp in [&one, &two] {
        assert!(temp.file_name().unwrap().len() < 100);
    }
    replace(&target, b"long\n").unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "long\n");
}

#[test]
fn a_replacement_dropped_or_failed_keeps_the_old_file_and_leaves_no_temporary() {
    let dir = Scratch::new("drop");
    let path = dir.join("net.nnue");
    std::fs::write(&path, "the old content\n").unwrap();
    {
        let mut replacement = Replacement::create(&path).unwrap();
        replacement.write_all(b"half of the new").unwrap();
        assert_eq!(
            entries(dir.path()),
            2,
            "the temporary file is beside the target"
        );
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old content\n");
    assert_eq!(entries(dir.path()), 1);
}

#[test]
fn a_replacement_in_a_directory_that_takes_no_file_fails_before_any_work() {
    let error = Replacement::create(Path::new("/proc/boardgame-io-test")).unwrap_err();
    assert!(!error.to_string().is_empty());
    let error = Replacement::create(Path::new("/no/such/dir/out")).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::NotFound);
}

/// A missing directory is named as such (the io error alone, "No such file or directory",
/// reads as if the output itself had to exist), by every writer.
#[test]
fn a_missing_directory_is_named_by_every_writer() {
    let dir = Scratch::new("missing-dir");
    let path = dir.join("no/such/out.json");
    let expected = format!(
        "its directory {} does not exist",
        crate::quote_path(&dir.join("no/such"))
    );
    let error = Replacement::create(&path).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::NotFound);
    assert!(error.to_string().contains(&expected), "{error}");
    let error = Appender::open(&path).unwrap_err().to_string();
    assert!(error.contains(&expected), "{error}");
    let error = Stream::create(&path).unwrap_err().to_string();
    assert!(error.contains(&expected), "{error}");
    assert!(!dir.join("no").exists());
}

#[test]
fn an_appender_locks_its_file_against_a_second_writer_until_dropped() {
    let dir = Scratch::new("lock");
    let path = dir.join("gen.bin");
    let mut first = Appender::open(&path).unwrap();
    first.append(b"abc").unwrap();
    let error = Appender::open(&path).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::ResourceBusy);
    assert!(error.to_string().contains("another run"), "{error}");
    // Through a link to it, too.
    let link = dir.join("link.bin");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    assert!(Appender::open(&link).is_err());
    drop(first);
    let mut second = Appender::open(&link).unwrap();
    assert_eq!(second.length().unwrap(), 3);
    second.append(b"de").unwrap();
    second.truncate(4).unwrap();
    let mut text = String::new();
    second.file().seek(io::SeekFrom::Start(0)).unwrap();
    second.file().read_to_string(&mut text).unwrap();
    assert_eq!(text, "abcd");
}

#[test]
fn a_stream_goes_to_standard_output_null_or_a_file_that_appears_whole() {
    let dir = Scratch::new("stream");
    assert!(matches!(
        Stream::create(Path::new("-")).unwrap(),
        Stream::Stdout(_)
    ));
    let mut null = Stream::create(Path::new("/dev/null")).unwrap();
    null.write_all(b"gone").unwrap();
    null.finish().unwrap();
    let link = dir.join("null-link");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    assert!(matches!(Stream::create(&link).unwrap(), Stream::Null));
    assert!(Stream::create(Path::new("/dev/full")).is_err());
    let path = dir.join("records.jsonl");
    let mut stream = Stream::create(&path).unwrap();
    stream.write_all(b"{}\n").unwrap();
    assert!(!path.exists(), "the file appears only when finished");
    stream.finish().unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{}\n");
}

#[test]
fn a_read_only_file_is_neither_replaced_nor_appended_to() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("read-only");
    let path = dir.join("precious.json");
    std::fs::write(&path, "precious\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    for error in [
        replace(&path, b"x").unwrap_err(),
        Appender::open(&path).unwrap_err(),
    ] {
        assert_eq!(error.kind(), io::ErrorKind::PermissionDenied);
        assert!(
            error.to_string().contains("read-only (mode 444)"),
            "{error}"
        );
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious\n");
    assert_eq!(entries(dir.path()), 1);
}

#[test]
fn a_killed_runs_temporary_file_is_removed_by_the_next_replacement_and_a_live_one_kept() {
    let dir = Scratch::new("leftovers");
    let target = dir.join("records.jsonl");
    // What a killed run left: the naming of a temporary file, and no lock on it.
    let left = dir.join(".records.jsonl.0123456789abcdef.tmp");
    std::fs::write(&left, b"left by a killed run").unwrap();
    // Names that only look alike are not touched.
    let others = [
        ".records.jsonl.0123456789abcdeg.tmp",
        ".records.jsonl.0123.tmp",
        ".other.jsonl.0123456789abcdef.tmp",
        "records.jsonl.0123456789abcdef.tmp",
    ];
    for other in others {
        std::fs::write(dir.join(other), b"not ours").unwrap();
    }
    // The next run on the same output removes it…
    let mut live = Replacement::create(&target).unwrap();
    assert!(!left.exists());
    for other in others {
        assert!(dir.join(other).exists(), "{other} was removed");
    }
    // …and leaves a live writer's file (locked) alone.
    live.write_all(b"half").unwrap();
    std::fs::write(&left, b"left again").unwrap();
    let removed = remove_leftovers(&target).unwrap();
    assert_eq!(
        removed,
        [Leftover {
            path: left.clone(),
            bytes: 10
        }]
    );
    assert!(live.temp.exists(), "a live writer's file was removed");
    // Once per target and process.
    std::fs::write(&left, b"again").unwrap();
    assert!(sweep_leftovers(&target).unwrap().is_empty());
    live.commit().unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "half");
}

#[test]
fn a_temporary_file_is_listed_for_the_signal_handler_while_it_lives() {
    // `abandon_temporaries` itself would stop every other test's writes in this process:
    // the CLI's tests send SIGINT and SIGTERM to a writing program instead.
    let dir = Scratch::new("listed");
    let target = dir.join("out.bin");
    let replacement = Replacement::create(&target).unwrap();
    let temp = replacement.temp.clone();
    assert!(temporaries().live.values().any(|t| *t == temp));
    drop(replacement);
    assert!(!temp.exists());
    assert!(!temporaries().live.values().any(|t| *t == temp));
}
