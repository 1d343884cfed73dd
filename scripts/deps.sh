#!/bin/sh
# deps.sh GROUP... - make sure the Debian packages a make target needs are
# installed. As root it runs apt-get; otherwise it prints the exact command.
#   base   compiler, make, python, pkg-config
#   cmodel cmocka (unit tests), valgrind (make ctgrind)
#   fuzz   clang and the libFuzzer runtime (make fuzz, make test-fuzz)
#   rtl    Icarus Verilog, Verilator
#   sc     SystemC (make cosim-sc)
#   synth  Yosys, OSU 0.18 um liberty (qflow-tech-osu018: only a Recommends of
#          qflow, so --no-install-recommends would leave it out), OpenSTA,
#          matplotlib (plots)
#   fpga   Yosys, nextpnr-ice40, IceStorm, openFPGALoader (make fpga-prog)
#   formal z3 (SymbiYosys smtbmc), yosys/yosys-abc (ABC engines, depth miters)
#   venv   the project's one Python environment, $VENV (default build/venv):
#          python3-venv from Debian, then the PyPI packages of
#          scripts/requirements.txt (current Yosys, SymbiYosys, nextpnr-ecp5, ...)
set -eu

# venv GROUP: (re)create the environment when requirements.txt is newer than it
make_venv() {
    venv=${VENV:-build/venv}
    req=$(dirname "$0")/requirements.txt
    stamp=$venv/.requirements
    if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$req" "$stamp"; then
        return 0
    fi
    echo "deps.sh: creating $venv from $req" >&2
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install -q -r "$req" >&2
    cp "$req" "$stamp"
}

pkgs_for() {
    case "$1" in
    base) echo "gcc g++ make python3 pkg-config" ;;
    cmodel) echo "libcmocka-dev valgrind" ;;
    fuzz) echo "clang libclang-rt-14-dev" ;;
    rtl) echo "iverilog verilator" ;;
    sc) echo "libsystemc-dev" ;;
    synth) echo "yosys qflow-tech-osu018 opensta python3-matplotlib" ;;
    fpga) echo "yosys nextpnr-ice40 fpga-icestorm openfpgaloader" ;;
    venv) echo "python3-venv" ;;
    formal) echo "z3 yosys" ;;
    *) echo "deps.sh: unknown group '$1'" >&2; exit 2 ;;
    esac
}

missing=""
for g in "$@"; do
    for p in $(pkgs_for "$g"); do
        case " $missing " in *" $p "*) continue ;; esac
        # a tool may already be installed outside Debian's packages (e.g. from source)
        case "$p" in
        iverilog) command -v iverilog >/dev/null 2>&1 && continue ;;
        verilator) command -v verilator >/dev/null 2>&1 && continue ;;
        gcc|g++|make|python3) command -v "$p" >/dev/null 2>&1 && continue ;;
        esac
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
    done
done

want_venv=0
for g in "$@"; do [ "$g" = venv ] && want_venv=1; done

if [ -z "$missing" ]; then
    [ $want_venv = 0 ] || make_venv
    exit 0
fi

if [ "$(id -u)" = 0 ]; then
    echo "deps.sh: installing:$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    # update once per hour at most; a failed update still lets install try
    stamp=/var/lib/apt/periodic/qpac-update-stamp
    if [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +60 2>/dev/null)" ]; then
        apt-get update -qq >&2 || true
        mkdir -p "$(dirname "$stamp")" && touch "$stamp" || true
    fi
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >&2
    [ $want_venv = 0 ] || make_venv
else
    echo "deps.sh: missing Debian packages:$missing" >&2
    echo "deps.sh: install them with:  sudo apt-get install -y$missing" >&2
    exit 1
fi
