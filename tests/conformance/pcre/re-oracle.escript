#!/usr/bin/env escript
%% What RabbitMQ's policy code does with a pattern, asked of this machine's Erlang `re`:
%% rabbit_parameter_validation:regex/2 (re:compile, the 400 reason text) and rabbit_policy:matches/2
%% (re:run(Name, Pattern, [{capture, none}])). Input on stdin, one base64 value a line: "N <name>"
%% lines, then "P <pattern>" lines. Output a line per pattern: "E <base64 reason>" or "M " and a
%% character per name: 1 match, 0 nomatch, L when PCRE gave up. The broker gives up at PCRE's default
%% limit (10,000,000 steps) and reads that as nomatch; here the limit is 100,000 so the few
%% catastrophic pairs cost milliseconds, not seconds. A pair marked L is not compared.
main(_) ->
    ok = io:setopts(standard_io, [binary]),
    Lines = read_lines([]),
    Names = [base64:decode(B) || <<"N ", B/binary>> <- Lines],
    Patterns = [base64:decode(B) || <<"P ", B/binary>> <- Lines],
    [io:format("~s~n", [answer(P, Names)]) || P <- Patterns],
    ok.

answer(Pattern, Names) ->
    case re:compile(Pattern) of
        {error, Reason} ->
            Text = io_lib:format("~s should be regular expression but is invalid: ~p", [<<"pattern">>, Reason]),
            ["E ", base64:encode(iolist_to_binary(Text))];
        {ok, _} ->
            ["M ", [bit(re:run(Name, Pattern, [{capture, none}, report_errors, {match_limit, 100000}])) || Name <- Names]]
    end.

bit(match) -> $1;
bit(nomatch) -> $0;
bit({error, _}) -> $L.

read_lines(Acc) ->
    case io:get_line(standard_io, "") of
        eof -> lists:reverse(Acc);
        Line -> read_lines([string:trim(Line, trailing, "\n") | Acc])
    end.
