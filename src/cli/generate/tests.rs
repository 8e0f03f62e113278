//! The options of `lockwork generate`, checked against the recipes.

use super::*;

#[test]
fn ranges() {
    assert_eq!(parse_range("2"), Ok((2, 2)));
    assert_eq!(parse_range("1..3"), Ok((1, 3)));
    assert_eq!(parse_range("1..=3"), Ok((1, 3)));
    assert!(parse_range("3..1").is_err());
    assert!(parse_range("a..b").is_err());
}

/// Each option of `lockwork generate KIND` that sets a parameter of the
/// generator's recipe says what the recipe says, with its default.
#[test]
fn options_read_the_recipes() {
    use clap::CommandFactory;
    // The subcommands are deferred: built only when asked for.
    let mut cli = crate::cli::Cli::command();
    cli.build();
    let generate = cli.find_subcommand("generate").expect("generate");
    let mut checked = 0;
    for generator in Generator::ALL {
        let recipe = generator.recipe();
        let command = generate
            .find_subcommand(recipe.name)
            .expect("a kind per recipe");
        assert_eq!(
            command.get_about().map(ToString::to_string).as_deref(),
            Some(recipe.about)
        );
        for spec in &recipe.params {
            let id = spec.param.field();
            let Some(arg) = command.get_arguments().find(|a| a.get_id() == id) else {
                continue;
            };
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            assert!(
                help.starts_with(spec.help),
                "{} --{id}: {help}",
                recipe.name
            );
            let default: Vec<String> = arg
                .get_default_values()
                .iter()
                .map(|v| v.to_string_lossy().into())
                .collect();
            let expected = match spec.default {
                _ if spec.optional || matches!(spec.shape, crate::generate::Shape::Switch) => None,
                Some(crate::generate::Value::Count(n)) => Some(n.to_string()),
                Some(crate::generate::Value::Span(lo, hi)) => Some(format!("{lo}..{hi}")),
                Some(crate::generate::Value::Number(x)) => Some(x.to_string()),
                _ => None,
            };
            if let Some(expected) = expected
                && !matches!(spec.shape, crate::generate::Shape::Span { upper: Some(_) })
                && !default.is_empty()
            {
                assert_eq!(default, vec![expected], "{} --{id}", recipe.name);
            }
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked} options checked");
}

/// The options of `lockwork generate KIND`, as `--name`.
fn options() -> Vec<String> {
    use clap::CommandFactory;
    // The subcommands are deferred: built only when asked for.
    let mut cli = crate::cli::Cli::command();
    cli.build();
    let generate = cli.find_subcommand("generate").into_iter();
    generate
        .flat_map(clap::Command::get_subcommands)
        .flat_map(clap::Command::get_arguments)
        .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
        .collect()
}

/// `lockwork generate KIND ARGS -o out.json`, parsed.
fn parse(args: &[&str]) -> Kind {
    use clap::Parser;
    let mut full = vec!["lockwork", "generate"];
    full.extend_from_slice(args);
    full.extend_from_slice(&["-o", "out.json"]);
    match crate::cli::Cli::try_parse_from(full).map(|cli| cli.command) {
        Ok(Some(crate::cli::Command::Generate(g))) => g.kind,
        other => panic!("{other:?}"),
    }
}

#[test]
fn option_defaults_are_the_parameters_defaults() {
    let Kind::Backward(a) = parse(&["backward"]) else {
        panic!("backward")
    };
    assert_eq!(a.params(0), Some(BackwardParams::default()));
    let Kind::Nested(a) = parse(&["nested"]) else {
        panic!("nested")
    };
    assert_eq!(a.params(0), NestedParams::default());
    let Kind::Random(a) = parse(&["random"]) else {
        panic!("random")
    };
    assert_eq!(a.params(0), Some(RandomParams::default()));
    let Kind::Levers(a) = parse(&["levers", "--layout", "x.json"]) else {
        panic!("levers")
    };
    let layout = crate::generate::basement_layout(&[1, 2]);
    let mut want = LeversParams::new(layout.clone());
    want.layout_name = "x.json".into();
    assert_eq!(a.params(0, layout.clone()), want);
    // Another budget replaces the default time limit.
    let Kind::Levers(a) = parse(&["levers", "--layout", "x.json", "--evaluations", "9"]) else {
        panic!("levers")
    };
    let params = a.params(0, layout);
    assert_eq!((params.seconds, params.evaluations), (None, Some(9)));
}

#[test]
fn every_parameter_is_an_option() {
    let options = options();
    for param in Param::ALL {
        assert!(options.contains(&flag(param)), "no option {}", flag(param));
    }
}

#[test]
fn errors_name_options_not_fields() {
    for e in crate::generate::error_examples() {
        let text = e.worded(&flag);
        for param in e.params() {
            assert!(text.contains(&flag(param)), "{text} does not name {param}");
        }
    }
    let e = GenerateError::Param {
        param: Param::KeysPerLock,
        problem: crate::generate::Problem::TooSmall { min: 1, value: 0 },
    };
    assert_eq!(e.worded(&flag), "--keys-per-lock must be at least 1, not 0");
}
