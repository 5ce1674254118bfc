#!/usr/bin/env bash
# Installs places: the binary, its manual page and shell completions for bash, zsh and fish.
#
#   bash Scripts/install.sh                    build (release, Swift runtime linked in) and install under ~/.local
#   PREFIX=/usr/local sudo -E bash Scripts/install.sh
#   PLACES_BINARY=path/to/places bash Scripts/install.sh   install a binary built already
#   bash Scripts/install.sh --uninstall        remove what an install put there (same PREFIX)
#
# Where things go (folders are created as needed):
#   $PREFIX/bin/places
#   $PREFIX/share/man/man1/places.1
#   $PREFIX/share/bash-completion/completions/places   read by the bash-completion package
#   $PREFIX/share/zsh/site-functions/_places
#   fish: ~/.config/fish/completions/places.fish when PREFIX is ~/.local (fish does not look in
#         ~/.local/share), else $PREFIX/share/fish/vendor_completions.d/places.fish
#
# The binary is built with --static-swift-stdlib: the Swift runtime and Foundation are linked into
# it, so the copied file runs on a machine without Swift (it needs only the system C and C++ libraries).
# The README's quick start builds with the same flags, so after it this script builds nothing again.
# The installed copy is stripped of its debug information (about a fifth of the file).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=${PREFIX:-$HOME/.local}
uninstall=false
for argument in "$@"; do
    case $argument in
        --uninstall) uninstall=true ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument \"$argument\" (use --uninstall, or PREFIX=… in the environment)" >&2; exit 64 ;;
    esac
done

bin_dir=$prefix/bin
man_dir=$prefix/share/man/man1
bash_dir=$prefix/share/bash-completion/completions
zsh_dir=$prefix/share/zsh/site-functions
if [[ $prefix == "$HOME/.local" ]]; then
    fish_dir=${XDG_CONFIG_HOME:-$HOME/.config}/fish/completions
else
    fish_dir=$prefix/share/fish/vendor_completions.d
fi
files=("$bin_dir/places" "$man_dir/places.1" "$bash_dir/places" "$zsh_dir/_places" "$fish_dir/places.fish")

if $uninstall; then
    for file in "${files[@]}"; do
        if [[ -e $file ]]; then rm -f "$file" && echo "removed $file"; fi
    done
    echo "places is uninstalled from $prefix; your journal is kept (see \"Your journal\" in the README)."
    exit 0
fi

binary=${PLACES_BINARY:-}
if [[ -z $binary ]]; then
    echo "building places (release, with the Swift runtime linked in; a few minutes the first time)..."
    swift build -c release --static-swift-stdlib --product places
    binary=$(swift build -c release --static-swift-stdlib --show-bin-path)/places
fi
[[ -x $binary ]] || { echo "install.sh: no executable at $binary" >&2; exit 66; }

mkdir -p "$bin_dir" "$man_dir" "$bash_dir" "$zsh_dir" "$fish_dir"
# Written beside the target and renamed over it, so a running places is never overwritten in place.
install -m 0755 "$binary" "$bin_dir/.places.new"
if command -v strip >/dev/null 2>&1; then strip "$bin_dir/.places.new"; fi
mv -f "$bin_dir/.places.new" "$bin_dir/places"
places=$bin_dir/places
"$places" help --man > "$man_dir/places.1"
"$places" completion bash > "$bash_dir/places"
"$places" completion zsh > "$zsh_dir/_places"
"$places" completion fish > "$fish_dir/places.fish"
for file in "${files[@]}"; do echo "installed $file"; done

echo
case ":$PATH:" in
    *":$bin_dir:"*) ;;
    *) echo "note: $bin_dir is not on your PATH; add  export PATH=\"$bin_dir:\$PATH\"  to your shell's startup file." ;;
esac
echo "bash: completion needs the bash-completion package (apt install bash-completion, dnf install bash-completion,"
echo "      brew install bash-completion@2); without it, add  source $bash_dir/places  to ~/.bashrc."
if [[ $zsh_dir != /usr/local/share/zsh/site-functions && $zsh_dir != /usr/share/zsh/site-functions ]]; then
    echo "zsh:  add  fpath=($zsh_dir \$fpath)  before compinit in ~/.zshrc."
fi
echo "fish: nothing to do. man places: works when $bin_dir is on PATH (man finds ../share/man beside it)."
