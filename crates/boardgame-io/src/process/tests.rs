use super::*;

/// Whether a process of id `pid` exists (a zombie counts until it is reaped).
fn alive(pid: u32) -> bool {
    rustix::process::test_kill_process(pid_of(pid).unwrap()).is_ok()
}

/// Waits up to 5 s for `pid` to be gone.
fn gone_soon(pid: u32) -> bool {
    let until = Instant::now() + Duration::from_secs(5);
    while Instant::now() < until {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

/// `sh -c script`, where `script` starts a `sleep` in the background and prints its pid:
/// the shell and the sleep's pid.
fn with_a_sleeping_child(script: &str) -> (Child, u32) {
    let mut child = Command::new("sh")
        .args(["-c", script])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = child.lines(100, 4).unwrap();
    let Ok(Some(Line::Text(pid))) = lines.next_within(Duration::from_secs(20)) else {
        panic!("no pid")
    };
    (child, pid.trim().parse().unwrap())
}

#[test]
fn output_gives_the_status_and_both_streams_of_a_program_in_a_group_of_its_own() {
    let output = Command::new("sh")
        .args(["-c", "echo out; echo err >&2; ps -o pgid= -p $$; exit 3"])
        .output(Duration::from_secs(20))
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("out"));
    assert_eq!(output.stderr, b"err\n");
    // Its own group: the group id is not ours.
    let group: u32 = lines.next().unwrap().trim().parse().unwrap();
    let ours = rustix::process::getpgrp().as_raw_pid();
    assert_ne!(i64::from(group), i64::from(ours));
    let input = Command::new("cat")
        .output_with_input(b"typed", Duration::from_secs(20))
        .unwrap();
    assert_eq!(input.stdout, b"typed");
}

#[test]
fn a_program_that_outlives_its_deadline_is_killed_with_its_whole_group() {
    let began = Instant::now();
    // A wrapper that does not `exec`: the `sleep` is its child, in its group.
    let (mut child, sleeper) = with_a_sleeping_child("sleep 60 & echo $!; wait");
    let error = child.wait_within(Duration::from_millis(100)).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::TimedOut);
    assert!(alive(sleeper));
    drop(child);
    assert!(gone_soon(sleeper), "the wrapper's child {sleeper} survived");
    assert!(began.elapsed() < Duration::from_secs(10));

    let error = Command::new("sh")
        .args(["-c", "sleep 60 & sleep 60"])
        .output(Duration::from_millis(200))
        .unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::TimedOut);
    assert!(
        error.to_string().contains("did not end within 0.2 s"),
        "{error}"
    );
}

#[test]
fn when_the_leader_ends_the_rest_of_its_group_is_killed() {
    let (mut child, sleeper) = with_a_sleeping_child("sleep 60 & echo $!");
    let status = child.wait_within(Duration::from_secs(20)).unwrap();
    assert!(status.success());
    assert!(gone_soon(sleeper), "the leader's child {sleeper} survived");
    assert!(child.try_wait().unwrap().is_some());
}

#[test]
fn lines_come_with_a_deadline_and_a_cap() {
    let mut child = Command::new("sh")
        .args([
            "-c",
            "echo first; head -c 5000 /dev/zero | tr '\\0' a; echo; sleep 60",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = child.lines(1000, 4).unwrap();
    let within = Duration::from_secs(20);
    assert_eq!(
        lines.next_within(within),
        Ok(Some(Line::Text("first".into())))
    );
    assert!(matches!(
        lines.next_within(within),
        Ok(Some(Line::Skipped {
            kind: crate::lines::Skip::TooLong,
            ..
        }))
    ));
    assert_eq!(lines.next_within(Duration::from_millis(50)), Err(TimedOut));
    child.kill().unwrap();
    assert_eq!(lines.next_within(within), Ok(None));
}

#[test]
fn the_stderr_tail_keeps_the_last_line_and_finish_ends_a_lingering_program() {
    let mut child = Command::new("sh")
        .args(["-c", "echo one >&2; echo two >&2; exec sleep 60"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let tail = child.keep_stderr_tail(4).unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    while tail.last_line().as_deref() != Some("two") && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(tail.bytes(), b"two\n");
    let pid = child.id();
    let began = Instant::now();
    let status = child.finish(Duration::from_millis(50));
    assert!(began.elapsed() < Duration::from_secs(5));
    assert_eq!(status.map(describe).as_deref(), Some("by signal 15"));
    assert!(!alive(pid));
}

#[test]
fn a_killed_or_interrupted_program_says_how_it_ended_and_a_missing_one_is_an_error() {
    // (`kill_every_group` would end the children of the tests running beside this one: the
    // CLI's tests send the signals to a whole program instead.)
    let mut child = Command::new("sleep").arg("60").spawn().unwrap();
    child.kill().unwrap();
    let status = child.wait_within(Duration::from_secs(20)).unwrap();
    assert_eq!(describe(status), "by signal 9");
    let error = Command::new("/nonexistent/program").spawn().unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::NotFound);
    let child = Command::new("sleep").arg("60").spawn().unwrap();
    child.signal(Signal::Interrupt).unwrap();
    let status = child.finish(Duration::from_secs(20));
    assert_eq!(status.map(describe).as_deref(), Some("by signal 2"));
}
